// SPDX-License-Identifier: MIT
// The order of a shader's statements, as section 4.1 requires it ('The shader must begin with a
// Language token immediately followed by a Version token', 'There can be only one END instruction',
// 'The END instruction must be the last instruction in the shader') with 7.19's exception: macro
// definitions (mdef ... mend) precede the language token.
//
// A text with a header is a program; one without is a fragment (a few statements to assemble or to
// test, `mov r0, r1`), which only the END rule binds. 4.1 does not say a shader must have an END, only
// that there is at most one and that it comes last; so a program without END is accepted (the
// decoder takes every binary to its last dword, and real streams end with END anyway).
#pragma once

#include <algorithm>
#include <cstddef>
#include <array>
#include <cstdint>
#include <span>
#include <string_view>

#include <optional>

#include "../core/result.hpp"
#include "../core/static_vector.hpp"
#include "description.hpp"
#include "instruction.hpp"
#include "stream.hpp"

namespace ctisa::amdil {

// The opcode of a unit's packet (past a _prec prefix), or unknown for the header.
[[nodiscard]] constexpr opcode packet_opcode(const instruction& in) noexcept {
    if (in.header || in.size == 0) return opcode::unknown;
    const std::uint32_t first = prec_mask(in.words[0]) != 0 && in.size > 1 ? in.words[1] : in.words[0];
    const std::uint32_t code = first & 0xFFFFu;
    return is_defined(code) ? static_cast<opcode>(code) : opcode::unknown;
}

inline constexpr std::string_view after_end = "a statement after END";
inline constexpr std::string_view header_not_first = "the header after statements other than macro definitions";
inline constexpr std::string_view header_missing = "a statement before the language and version (il_ps_2_0, il_cs_2_0, ...)";
inline constexpr std::string_view func_before_endmain = "a function before ENDMAIN";
inline constexpr std::string_view outside_function = "a statement after ENDMAIN outside a function";
inline constexpr std::string_view second_endmain = "a second ENDMAIN";
inline constexpr std::string_view endfunc_alone = "ENDFUNC outside a function";
inline constexpr std::string_view write_to_read_only = "a destination of a read-only register type (v, vWinCoord, cb, l, ...)";
inline constexpr std::string_view read_of_write_only = "a source of a write-only register type (o, oDepth, ...)";
inline constexpr std::string_view index_missing = "a register type that is read through an index (cb0[2], x0[1], g[r0.x])";
inline constexpr std::string_view literal_twice = "a literal declared twice";
inline constexpr std::string_view realtime_vertex = "a real-time vertex shader (4.4: 'A vertex shader cannot be real-time')";
inline constexpr std::string_view block_open_at_end = "END, ENDMAIN, FUNC or ENDFUNC inside a flow-control block (4.1)";
inline constexpr std::string_view block_not_closed = "a flow-control block not closed (IF .. ENDIF, LOOP .. ENDLOOP, SWITCH .. ENDSWITCH)";
inline constexpr std::string_view block_closed_alone = "ELSE, ENDIF, ENDLOOP or ENDSWITCH without its opening statement (or a second ELSE)";
inline constexpr std::string_view outside_loop = "BREAK or CONTINUE outside a loop (BREAK: or a switch)";
inline constexpr std::string_view outside_switch = "CASE or DEFAULT outside a switch";
inline constexpr std::string_view wrong_shader =
    "a register type this shader type cannot use (chapter 5: 'It is an error to use this register in ...')";
inline constexpr std::string_view wrong_realtime = "a register type a real-time pixel shader cannot use (4.4)";
inline constexpr std::string_view relative_refused = "relative addressing on a register type that takes none (chapter 5)";
inline constexpr std::string_view outside_macro = "a macro argument (in#, out#) outside a macro definition (5.17, 5.28)";
inline constexpr std::string_view excluded_type =
    "register types that exclude each other in one shader (VOUTPUT and POS, PINPUT and INTERP, DEPTH and DEPTH_LE, ...)";
inline constexpr std::string_view undeclared_register =
    "a register used before its declaration (dcl_literal, dcl_cb, dcl_input, dcl_output, dclpi, dclv, dclpin, dclvout)";
inline constexpr std::string_view undeclared_stage =
    "a texture stage used before its dclpt (7.x DCLPT: 'The texture stage must be declared before a TEXLD ... is issued')";
inline constexpr std::string_view too_many_interpolated =
    "more than 16 INTERP, TEXCOORD, PRICOLOR, SECCOLOR and FOG registers in one shader (5.11, 5.20)";
inline constexpr std::string_view int_constant_outside_loop = "an integer constant (i#) read by anything but LOOP (Table 5.8: 'Loop only')";
inline constexpr std::string_view bool_constant_outside_flow =
    "a boolean constant (b#) read by anything but flow control (Table 5.8: 'only as the source for static control flow')";
inline constexpr std::string_view control_point_out_of_range = "a control-point or patch-constant number past 31 (5.19, 5.30)";
inline constexpr std::string_view this_outside_virtual =
    "THIS outside a virtual function's body (5.49: 'can be used only within the body of a virtual function/interface')";
inline constexpr std::string_view ocp_id_not_zero = "vOutputControlPointID other than 0 (5.25: 'only 0 is allowed')";

// What a name used in an instruction must have been declared as (4.1, chapter 7's declarations).
enum class declared_kind : std::uint8_t { reg, resource, uav, lds, gds, srv, lds_size, stage, function_body };

namespace structure_detail {

using detail::field;

[[nodiscard]] constexpr std::uint32_t key(declared_kind k, std::uint32_t a, std::uint32_t b = 0) noexcept {
    return static_cast<std::uint32_t>(k) << 28 | (a & 0xFFFu) << 16 | (b & 0xFFFFu);
}

// The declared_kind numbers generated::opcode_shapes gives memory ids (amdil.toml [structure]).
static_assert(static_cast<int>(declared_kind::uav) == 2 && static_cast<int>(declared_kind::lds) == 3 &&
              static_cast<int>(declared_kind::gds) == 4 && static_cast<int>(declared_kind::srv) == 5);

// A flow-control block that is open: what opened it and the index of that statement.
enum class block_kind : std::uint8_t { if_block, else_block, loop, switch_block };
struct open_block {
    block_kind kind{};
    std::uint32_t at = 0;
};

struct program_state {
    bool in_macro = false, before_header = true, ended = false, endmain = false, in_function = false;
    bool in_function_body = false;  // in a FUNC whose label a dcl_function_body declared (7.18)
    std::uint32_t shader = 0;  // IL_SHADER_* of the header
    bool realtime = false;
    std::uint64_t used_types = 0;  // the register types named so far (bit t: type t)
    std::array<open_block, 64> blocks{};
    std::uint32_t depth = 0;  // open blocks; those nested past the array's room are counted, not checked
    // Registers 0-63 of every type, a bit each (the common case, a lookup); other names in a list.
    std::array<std::uint64_t, 64> low{};
    static_vector<std::uint32_t, 4096> declared{};
    bool full = false;  // more names than the list holds: uses of names past it are not checked
    // The INTERP, TEXCOORD, PRICOLOR, SECCOLOR and FOG registers named so far (type << 16 | number).
    std::array<std::uint32_t, 16> interpolated{};
    std::uint32_t interpolated_count = 0;

    [[nodiscard]] static constexpr bool is_low(std::uint32_t k) noexcept { return (k >> 28) == 0 && (k & 0xFFFFu) < 64; }
    [[nodiscard]] constexpr bool has(std::uint32_t k) const noexcept {
        if (is_low(k)) return (low[(k >> 16) & 63u] >> (k & 63u)) & 1u;
        for (auto d : declared)
            if (d == k) return true;
        return full;
    }
    constexpr void declare(std::uint32_t k) noexcept {
        if (is_low(k)) low[(k >> 16) & 63u] |= std::uint64_t{1} << (k & 63u);
        else if (!has(k) && !declared.push_back(k)) full = true;  // (il_primitives.bin declares 1100 literals)
    }
};

// The dword after the operand at w[i], which the parser or the decoder has checked (so a plain walk:
// the checked one, detail::operand_end, cost a long snippet's compile-time steps).
[[nodiscard]] constexpr std::size_t operand_after(std::span<const std::uint32_t> w, std::size_t i, unsigned depth) noexcept {
    namespace f = generated::il_dst;
    if (i >= w.size() || depth > max_operand_depth) return w.size();
    const std::uint32_t t = w[i++];
    i += field(t, f::extended) + field(t, f::modifier_present);
    if (const auto relative = field(t, f::relative_address); relative == 1) ++i;
    else if (relative == 2) i = operand_after(w, i, depth + 1);
    i += field(t, f::immediate_present);
    return field(t, f::dimension) ? operand_after(w, i, depth + 1) : i;
}

constexpr std::uint32_t vertex_shader = 0, pixel_shader = 1;  // IL_SHADER_VERTEX, IL_SHADER_PIXEL

// Whether a use of a register of `type` needs its declaration first (amdil.toml [register_text.rules]).
[[nodiscard]] constexpr bool needs_declaration(std::uint32_t type, bool dst, const program_state& st) noexcept {
    const auto flags = register_rule_flags[type];
    return (flags & register_declared) || ((flags & register_declared_in_pixel) && st.shader == pixel_shader) ||
           ((flags & register_declared_as_source) && !dst);
}

// Chapter 5's rules of the register an operand token names: the shader types it is for, real-time
// pixel shaders, relative addressing, macro arguments.
[[nodiscard]] constexpr error check_register_use(std::uint32_t token, const program_state& st) noexcept {
    const auto type = field(token, generated::il_dst::register_type);
    const auto flags = register_rule_flags[type];
    const auto broken = [](std::string_view why) { return error{error_code::operand_not_allowed, 0, 0, 0, why}; };
    if (st.shader < 8 && !((register_shaders[type] >> st.shader) & 1u)) return broken(wrong_shader);
    if ((flags & register_not_realtime) && st.realtime && st.shader == pixel_shader) return broken(wrong_realtime);
    if ((flags & register_absolute_only) && field(token, generated::il_dst::relative_address) != 0) return broken(relative_refused);
    if ((flags & register_macro_only) && !st.in_macro) return broken(outside_macro);
    return {};
}

// The immediate index of the operand at w[i] (vpc[7]: 7), when it has one and no relative address.
[[nodiscard]] constexpr std::optional<std::uint32_t> immediate_index(std::span<const std::uint32_t> w, std::size_t i) noexcept {
    namespace f = generated::il_dst;
    const std::uint32_t t = w[i];
    if (!field(t, f::immediate_present) || field(t, f::relative_address) != 0) return std::nullopt;
    const std::size_t at = i + 1 + field(t, f::extended) + field(t, f::modifier_present);
    return at < w.size() ? std::optional{w[at]} : std::nullopt;
}

// Chapter 5's limits that depend on the instruction or on the whole shader: Table 5.8's 'Loop only'
// integer constants and boolean constants 'only as the source for static control flow' (read as: by
// chapter 7's flow-control instructions), 5.11's sixteen interpolated registers a shader, and the
// numbers 5.19, 5.25 and 5.30 allow. The rule broken, as the error, or none.
[[nodiscard]] constexpr error check_register_limits(opcode op, std::span<const std::uint32_t> w, std::size_t i, program_state& st) noexcept {
    namespace f = generated::il_dst;
    const auto broken = [](error_code code, std::string_view why) { return error{code, 0, 0, 0, why}; };
    const std::uint32_t t = w[i];
    const auto type = static_cast<reg_type>(field(t, f::register_type));
    const std::uint32_t number = field(t, f::register_num);
    switch (type) {
        case reg_type::const_int: return op == opcode::loop ? error{} : broken(error_code::operand_not_allowed, int_constant_outside_loop);
        case reg_type::const_bool:
            return group(op) == "Flow Control" ? error{} : broken(error_code::operand_not_allowed, bool_constant_outside_flow);
        case reg_type::interp:
        case reg_type::fog:
        case reg_type::texcoord:
        case reg_type::pricolor:
        case reg_type::seccolor: {
            const std::uint32_t k = static_cast<std::uint32_t>(type) << 16 | number;
            for (std::uint32_t n = 0; n < st.interpolated_count; ++n)
                if (st.interpolated[n] == k) return {};
            if (st.interpolated_count == st.interpolated.size()) return broken(error_code::operand_not_allowed, too_many_interpolated);
            st.interpolated[st.interpolated_count++] = k;
            return {};
        }
        case reg_type::inputcp:
        case reg_type::patchconst: {
            const auto index = immediate_index(w, i);
            const bool relative = field(t, f::relative_address) != 0;
            if ((!relative && number > 31) || (index && *index > 31))
                return broken(error_code::register_out_of_range, control_point_out_of_range);
            return {};
        }
        case reg_type::this_: return st.in_function_body ? error{} : broken(error_code::operand_not_allowed, this_outside_virtual);
        case reg_type::ocp_id: return number != 0 ? broken(error_code::register_out_of_range, ocp_id_not_zero) : error{};
        default: return {};
    }
}

// The texture stage of a DCLPT, TEXLD, TEXLDB, TEXLDD, TEXLDMS, TEXWEIGHT or LOD (their 'stage' 23:16;
// 'The first eight bits of the control field ... specify the texture stage', 7.x TEXLD), or none for
// other codes. 4.1 lists PROJECT with them, but PROJECT's own entry has no stage (its control field
// is the divide component), so it names none.
[[nodiscard]] constexpr std::optional<std::uint32_t> texture_stage(opcode op, std::uint32_t token) noexcept {
    switch (op) {
        case opcode::dclpt:
        case opcode::texld:
        case opcode::texldb:
        case opcode::texldd:
        case opcode::texldms:
        case opcode::texweight:
        case opcode::lod: return field(token, generated::il_opcode::control) & 0xFFu;
        default: return std::nullopt;
    }
}

// The declarations and uses of one packet (not a macro definition's body): the rule it breaks, with
// the reason as the subject (no error if none).
[[nodiscard]] constexpr error check_packet(std::span<const std::uint32_t> w, program_state& st) noexcept {
    const auto broken = [](error_code code, std::string_view why) { return error{code, 0, 0, 0, why}; };
    if (w.size() > 1 && prec_mask(w[0]) != 0) w = w.subspan(1);
    const auto op = static_cast<opcode>(field(w[0], generated::il_opcode::code));
    const operand_counts n = operands(op);
    const generated::opcode_shape& shape = generated::opcode_shapes[static_cast<std::size_t>(op)];
    const bool declaration = shape.flags & generated::opcode_declaration;
    // Resources, UAVs, LDS, GDS and SRVs by id.
    const std::uint32_t id = (w[0] >> shape.id_lsb) & ((std::uint32_t{1} << shape.id_width) - 1u);
    const bool has_id = shape.id_width != 0, memory = shape.memory >= 0 && has_id;
    const auto kind = static_cast<declared_kind>(shape.memory);
    if (op == opcode::dcl_resource) st.declare(key(declared_kind::resource, id));
    else if (declaration && memory) st.declare(key(kind, id));
    else if (op == opcode::dcl_lds_size_per_thread) st.declare(key(declared_kind::lds_size, 0));
    else if (!declaration) {
        if (shape.resource_width &&
            !st.has(key(declared_kind::resource, (w[0] >> shape.resource_lsb) & ((std::uint32_t{1} << shape.resource_width) - 1u))))
            return broken(error_code::undeclared_name, "a resource used before its dcl_resource");
        if (memory && !st.has(key(kind, id)))
            return broken(error_code::undeclared_name, "a UAV, LDS, GDS or SRV id used before its declaration");
        if ((op == opcode::lds_read_vec || op == opcode::lds_write_vec) && !st.has(key(declared_kind::lds_size, 0)))
            return broken(error_code::undeclared_name, "LDS used before dcl_lds_size_per_thread");
    }
    if (op == opcode::dcl_function_body && w.size() > 1) st.declare(key(declared_kind::function_body, 0, w[1]));
    if (const auto stage = texture_stage(op, w[0])) {
        if (op == opcode::dclpt) st.declare(key(declared_kind::stage, *stage));
        else if (!st.has(key(declared_kind::stage, *stage))) return broken(error_code::undeclared_name, undeclared_stage);
    }
    if (!n.described || op == opcode::comment || op == opcode::macrocall ||
        (op == opcode::dcl_const_buffer && field(w[0], generated::il_opcode::pri_modifier_present)))
        return {};
    // The operands: declared registers, access, indices.
    std::size_t i = 1;
    if (has_modifier_flags(op))
        i += field(w[0], generated::il_opcode::pri_modifier_present) + field(w[0], generated::il_opcode::sec_modifier_present);
    if (const int a = generated::opcode_shapes[static_cast<std::size_t>(op)].aoffimmi; a >= 0 && ((w[0] >> a) & 1u)) ++i;
    for (std::size_t k = 0; k < std::size_t{n.dst} + n.src && i < w.size(); ++k) {
        const bool dst = k < n.dst;
        const std::uint32_t t = w[i];
        const std::size_t operand_at = i;
        i = operand_after(w, i, 0);
        const auto type = field(t, generated::il_dst::register_type);
        const std::uint32_t number = field(t, generated::il_dst::register_num);
        // (a number past 16 bits, IL_Ext_Num, is compared by its low half: no program declares 65536 registers)
        const bool indexed = field(t, generated::il_dst::relative_address) != 0 || field(t, generated::il_dst::immediate_present) != 0 ||
                             field(t, generated::il_dst::dimension) != 0;
        const auto reg = key(declared_kind::reg, type, number);
        if (type < 64) {
            if (st.used_types & register_excludes[type]) return broken(error_code::operands_conflict, excluded_type);
            st.used_types |= std::uint64_t{1} << type;
        }
        if (declaration) {
            if (op == opcode::dcl_literal && st.has(reg)) return broken(error_code::duplicate_name, literal_twice);
            st.declare(reg);
            continue;
        }
        const auto access = register_access_of[type];
        if (dst && access == register_access::read_only) return broken(error_code::read_only_bank, write_to_read_only);
        if (!dst && access == register_access::write_only) return broken(error_code::write_only_bank, read_of_write_only);
        if (register_indexed[type] && !indexed) return broken(errors::index_required, index_missing);
        if (const error e = check_register_use(t, st); e.failed()) return e;
        if (const error e = check_register_limits(op, w, operand_at, st); e.failed()) return e;
        if (needs_declaration(type, dst, st) && !st.has(reg)) return broken(error_code::undeclared_name, undeclared_register);
    }
    return {};
}

// The flow-control blocks (chapter 7's IF/ELSE/ENDIF, LOOP/WHILELOOP/ENDLOOP, SWITCH/CASE/DEFAULT/
// ENDSWITCH, BREAK and CONTINUE): what `op` at statement `at` opens or closes, or the rule it breaks.
[[nodiscard]] constexpr error check_block(opcode op, std::uint32_t at, program_state& st) noexcept {
    const auto broken = [](error_code code, std::string_view why) { return error{code, 0, 0, 0, why}; };
    const std::size_t room = st.blocks.size();
    const bool unchecked = st.depth > room;  // inside blocks past the array's room
    open_block* const top = st.depth == 0 || unchecked ? nullptr : &st.blocks[st.depth - 1];
    const auto open = [&](block_kind k) {
        if (st.depth < room) st.blocks[st.depth] = open_block{k, at};
        ++st.depth;
        return error{};
    };
    const auto close = [&](bool fits) {
        if (!unchecked && !fits) return broken(error_code::unbalanced_structure, block_closed_alone);
        --st.depth;
        return error{};
    };
    const auto inside = [&](bool loop_only) {
        for (std::size_t k = 0; k < st.depth && k < room; ++k)
            if (st.blocks[k].kind == block_kind::loop || (!loop_only && st.blocks[k].kind == block_kind::switch_block)) return true;
        return unchecked;
    };
    switch (op) {
        case opcode::if_logicalz:
        case opcode::if_logicalnz:
        case opcode::ifc:
        case opcode::ifnz: return open(block_kind::if_block);
        case opcode::loop:
        case opcode::while_: return open(block_kind::loop);
        case opcode::switch_: return open(block_kind::switch_block);
        case opcode::else_:
            if (top && top->kind == block_kind::if_block) return top->kind = block_kind::else_block, error{};
            return unchecked ? error{} : broken(error_code::unbalanced_structure, block_closed_alone);
        case opcode::endif: return close(top && (top->kind == block_kind::if_block || top->kind == block_kind::else_block));
        case opcode::endloop: return close(top && top->kind == block_kind::loop);
        case opcode::endswitch: return close(top && top->kind == block_kind::switch_block);
        case opcode::case_:
        case opcode::default_:
            return unchecked || (top && top->kind == block_kind::switch_block) ? error{}
                                                                               : broken(error_code::misplaced_statement, outside_switch);
        case opcode::break_:
        case opcode::breakc:
        case opcode::break_logicalz:
        case opcode::break_logicalnz: return inside(false) ? error{} : broken(error_code::misplaced_statement, outside_loop);
        case opcode::continue_:
        case opcode::continuec:
        case opcode::continue_logicalz:
        case opcode::continue_logicalnz: return inside(true) ? error{} : broken(error_code::misplaced_statement, outside_loop);
        case opcode::end:
        case opcode::endmain:
        case opcode::func:
        case opcode::endfunc: return st.depth == 0 ? error{} : broken(error_code::unbalanced_structure, block_open_at_end);
        default: return {};
    }
}

}  // namespace structure_detail

// Whether an error is one check_structure() reports: a rule of the program, not of one statement.
[[nodiscard]] constexpr bool is_program_rule(error_code code) noexcept {
    return code == error_code::misplaced_statement || code == error_code::missing_header || code == error_code::unbalanced_structure ||
           code == error_code::undeclared_name || code == error_code::duplicate_name || code == error_code::read_only_bank ||
           code == error_code::write_only_bank || code == errors::index_required || code == error_code::operand_not_allowed ||
           code == error_code::conflicting_modifiers || code == error_code::operands_conflict || code == error_code::register_out_of_range;
}

// The first statement that breaks a rule of 4.1 and chapter 7, as an error whose offset is its index
// (the engine places it at the statement's line and column): the header first (only macro definitions
// before it) and once; nothing after END; ENDMAIN before the functions and nothing but functions after
// it; declarations before use (literals, constant buffers, inputs, outputs, resources, UAVs, LDS, GDS);
// no write to a read-only register type nor read of a write-only one; an index where the type needs it.
[[nodiscard]] constexpr error check_structure(std::span<const instruction> program) noexcept {
    structure_detail::program_state st;
    for (std::size_t i = 0; i < program.size(); ++i) {
        const auto at = [&](error_code code, std::string_view why) { return error{code, 0, 0, static_cast<std::uint32_t>(i), why}; };
        if (st.ended) return at(error_code::misplaced_statement, after_end);
        const opcode op = packet_opcode(program[i]);
        if (program[i].header) {
            if (!st.before_header || st.in_macro) return at(error_code::misplaced_statement, header_not_first);
            st.before_header = false;
            st.shader = detail::field(program[i].words[1], generated::il_version::shader_type);
            st.realtime = detail::field(program[i].words[1], generated::il_version::realtime) != 0;
            if (st.realtime && st.shader == structure_detail::vertex_shader) return at(error_code::conflicting_modifiers, realtime_vertex);
            continue;
        }
        // Before the header only macro definitions stand, and an END in one is the macro's own; as the
        // decoder, ctisa follows mdef ... mend only there (after the header they are plain packets).
        if (st.before_header) {
            if (!st.in_macro && op != opcode::macrodef) return at(error_code::missing_header, header_missing);
            st.in_macro = op == opcode::macrodef || (st.in_macro && op != opcode::macroend);
            continue;
        }
        // A function runs from FUNC to its ENDFUNC or its RET (7.x: 'code between FUNC and RET, or
        // between FUNC and ENDFUNC'), so a FUNC may follow a function without ENDFUNC.
        if (op == opcode::end) {
            st.ended = true;
        } else if (op == opcode::endmain) {
            if (st.endmain) return at(error_code::misplaced_statement, second_endmain);
            st.endmain = true;
        } else if (op == opcode::func) {
            if (!st.endmain) return at(error_code::misplaced_statement, func_before_endmain);
            st.in_function = true;
            const auto words = program[i].tokens();  // a virtual function's body: its label declared by dcl_function_body
            st.in_function_body = words.size() > 1 && st.has(structure_detail::key(declared_kind::function_body, 0, words[1]));
        } else if (op == opcode::endfunc) {
            if (!st.in_function) return at(error_code::unbalanced_structure, endfunc_alone);
            st.in_function = st.in_function_body = false;
        } else if (st.endmain && !st.in_function && op != opcode::comment) {
            return at(error_code::misplaced_statement, outside_function);
        }
        if (const error e = structure_detail::check_block(op, static_cast<std::uint32_t>(i), st); e.failed()) return at(e.code, e.subject);
        if (const error e = structure_detail::check_packet(program[i].tokens(), st); e.failed()) return at(e.code, e.subject);
    }
    if (st.depth != 0)  // at the innermost block that is open (or the deepest one recorded)
        return error{error_code::unbalanced_structure, 0, 0, st.blocks[std::min(st.depth, std::uint32_t{st.blocks.size()}) - 1].at,
                     block_not_closed};
    return {};
}

}  // namespace ctisa::amdil
