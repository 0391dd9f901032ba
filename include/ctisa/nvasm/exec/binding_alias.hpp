// SPDX-License-Identifier: MIT
// NV_gpu_program4's own room (a quirk of this ISA: its specs name one state by several bindings).
// The one spelling (canonical text) of an NV_gpu_program4 binding among the spellings the specs
// document as the same state, so a program writing one spelling and reading another (or `ctisa run`
// inputs naming either) reach the same rows. The specs read (reference/nvasm/specs; the seed, the
// unified-ISA patent, has no binding tables):
//
//   omitted index = [0]   vertex.texcoord, fragment.texcoord (NV_vertex_program4 / NV_fragment_program4
//                         attribute tables: "If [n] is omitted, texture ... zero is used"),
//                         vertex[m].texcoord and result.texcoord (NV_geometry_program4 section 2.X.3.2
//                         and result bindings; NV_gpu_program4's vertex results likewise),
//                         state.texgen / state.texenv (NV_gpu_program4 Tables X.5 and X.9: "[n] is
//                         optional ... texture unit 0 is used otherwise"), state.matrix.modelview /
//                         state.matrix.texture (Table X.11: "matrix zero will be used if omitted").
//                         Canonical: with "[0]" written (what an array range expands to).
//   omitted face/type     vertex.color = vertex.color.primary, fragment.color =
//                         fragment.color.primary (the attribute tables); vertex[m].color* and
//                         result.color* in vertex and geometry programs: no face means front, no
//                         type means primary (NV_geometry_program4 2.X.3.2 and 2.X.3.5);
//                         state.material, state.lightmodel.scenecolor, state.lightprod[n]: no face
//                         means front (NV_gpu_program4 2.X.3.3, Tables X.3/X.4). Canonical: the
//                         default words left out (result.color, result.color.back,
//                         result.color.secondary, state.material.diffuse).
//   generic attribute 0   vertex.attrib[0] = vertex.position in vertex programs only (NV_vertex_program4
//                         2.X.3.2: "Note that vertex.attrib[0] and vertex.position are equivalent").
//                         Canonical: vertex.position.
// DECISIONS (not documented as equivalent, so kept apart): result.color and result.color[0] in
// fragment programs (ARB_draw_buffers' own text is not among the specs); the other generic /
// conventional vertex attribute pairs (vertex.attrib[2] and vertex.normal...: "may leave ...
// undefined", not equal); vertex[m].attrib[0] and vertex[m].position in geometry programs (generic
// interpolant 0 is not the clip position).
#pragma once

#include <array>
#include <string_view>

#include "../statement.hpp"

namespace ctisa::nvasm::exec {

namespace detail {

// The length of a "vertex[m]" head (geometry per-vertex bindings), or 0.
[[nodiscard]] constexpr std::size_t vertex_head(std::string_view t) noexcept {
    if (!t.starts_with("vertex[")) return 0;
    const std::size_t close = t.find(']');
    return close == std::string_view::npos ? 0 : close + 1;
}

// Writes "[0]" after `prefix` when the text continues with '.' or ends there.
[[nodiscard]] constexpr bool add_default_index(std::string_view t, std::string_view prefix, reference_text& out) noexcept {
    out = {};
    if (!t.starts_with(prefix)) return false;
    const std::string_view rest = t.substr(prefix.size());
    if (!rest.empty() && rest.front() != '.') return false;
    return out.append(prefix) && out.append("[0]") && out.append(rest);
}

// Leaves out a default face ("front.") and, for colours, a default type (".primary").
[[nodiscard]] constexpr bool drop_default_words(std::string_view t, std::string_view head, bool colour, reference_text& out) noexcept {
    out = {};
    if (!t.starts_with(head)) return false;
    std::string_view rest = t.substr(head.size());
    if (colour && !rest.empty() && rest.front() != '.') return false;
    const std::string_view front = colour ? ".front" : "front.";
    if (rest.starts_with(front) && (!colour || rest.size() == front.size() || rest[front.size()] == '.')) rest.remove_prefix(front.size());
    if (colour && rest.ends_with(".primary")) rest.remove_suffix(8);
    return out.append(head) && out.append(rest);
}

}  // namespace detail

// The canonical text of binding `t` in a program of stage `s` (t itself when it has no alias).
[[nodiscard]] constexpr reference_text canonical_binding(std::string_view t, nvasm::stage s) noexcept {
    reference_text out;
    if (s == nvasm::stage::vertex && t == "vertex.attrib[0]") return (void)out.append("vertex.position"), out;
    const std::size_t vh = detail::vertex_head(t);
    const std::string_view vertex_prefix = vh ? t.substr(0, vh) : std::string_view{"vertex"};
    for (std::string_view p :
         {std::string_view{"fragment.texcoord"}, std::string_view{"result.texcoord"}, std::string_view{"state.texgen"},
          std::string_view{"state.texenv"}, std::string_view{"state.matrix.modelview"}, std::string_view{"state.matrix.texture"}})
        if (detail::add_default_index(t, p, out)) return out;
    if (t.starts_with(vertex_prefix) && t.substr(vertex_prefix.size()).starts_with(".texcoord")) {
        reference_text prefix;
        (void)prefix.append(vertex_prefix), (void)prefix.append(".texcoord");
        if (detail::add_default_index(t, prefix.view(), out)) return out;
    }
    const bool fragment_result = s == nvasm::stage::fragment && t.starts_with("result.");
    if (!fragment_result) {
        reference_text colour;
        (void)colour.append(t.starts_with("result.")     ? std::string_view{"result"}
                            : t.starts_with("fragment.") ? std::string_view{"fragment"}
                                                         : vertex_prefix);
        (void)colour.append(".color");
        if (detail::drop_default_words(t, colour.view(), true, out)) return out;
    }
    for (std::string_view h : {std::string_view{"state.material."}, std::string_view{"state.lightmodel."}})
        if (detail::drop_default_words(t, h, false, out)) return out;
    if (t.starts_with("state.lightprod[")) {
        const std::size_t close = t.find("].");
        if (close != std::string_view::npos && detail::drop_default_words(t, t.substr(0, close + 2), false, out)) return out;
    }
    out = {};
    (void)out.append(t);
    return out;
}

}  // namespace ctisa::nvasm::exec
