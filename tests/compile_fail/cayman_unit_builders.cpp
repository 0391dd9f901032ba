// SPDX-License-Identifier: MIT
// Misuse of the generated named CF/export/fetch builders that must not compile.
// case 1 expect: addr|designator|no member|field designator
// case 1 first-gcc: invalid initialization of reference of type .*const ctisa::cayman::cf_o
// case 1 first-clang: field designator .*addr.* does not refer to any field in type .*const end
// case 2 expect: could not convert|invalid initialization|cannot initialize|cannot convert|no viable conversion|no matching function|invalid conversion|narrowing
// case 2 first-gcc: invalid initialization of reference of type .*const ctisa::cayman::tex:
// case 2 first-clang: cannot initialize a member subobject of type .*sel.* with an rvalue of t
// case 3 expect: value_out_of_range
// case 3 first-gcc: call to non-.*constexpr.* function .*void ctisa::diagnostic::rule_broken\(\).*errors::value_out_of_range
// case 3 first-clang: constexpr variable .*bad.* must be initialized by a constant expression
// case 4 expect: reserved_value
// case 4 first-gcc: call to non-.*constexpr.* function .*void ctisa::diagnostic::rule_broken\(\).*errors::reserved_value
// case 4 first-clang: constexpr variable .*bad.* must be initialized by a constant expression
// case 5 expect: rat_inst|designator|no member|field designator
// case 5 first-gcc: invalid initialization of reference of type .*const ctisa::cayman::cf_a
// case 5 first-clang: field designator .*rat_inst.* does not refer to any field in type .*const
// case 6 expect: could not convert|invalid initialization|cannot initialize|cannot convert|no viable conversion|no matching function|invalid conversion|narrowing
// case 6 first-gcc: invalid initialization of reference of type .*const ctisa::cayman::vtx:
// case 6 first-clang: cannot initialize a member subobject of type .*channel.* with an rvalue 
// case 7 expect: invalid initialization|no viable conversion|could not convert|cannot convert
// case 7 first-gcc: invalid initialization of reference of type .*const ctisa::cayman::vtx::fetch_fields&
// case 7 first-clang: no viable conversion from .*ctisa::cayman::enums::num_format.* to .*detail::typed<enums::data_format>
#include <ctisa/cayman/generated/unit_builders.hpp>

namespace cm = ctisa::cayman;

// The control: legal instructions of each kind.
static_assert(cm::cf_op::jump({.addr = 3, .pop_count = 1}).ok());
static_assert(cm::tex::sample({.dst_gpr = 1, .dst_sel_w = cm::sel::mask}).ok());
static_assert(cm::cf_alloc_export::mem_rat({.rat_inst = 1, .rw_gpr = 2}).ok());
static_assert(cm::vtx::fetch({.data_format = cm::enums::data_format::fmt_32_32_float}).ok());

#if CTISA_CASE == 1
constexpr auto bad = cm::cf_op::end({.addr = 3});  // END has no ADDR
#elif CTISA_CASE == 2
constexpr auto bad = cm::tex::sample({.dst_sel_x = 3});  // a select is a cm::sel, not a number
#elif CTISA_CASE == 3
constexpr auto bad = cm::cf_op::jump({.pop_count = 8}).value();  // POP_COUNT has 3 bits
#elif CTISA_CASE == 4
constexpr auto bad = cm::tex::sample({.src_sel_x = cm::sel::mask}).value();  // no MASK in a source select
#elif CTISA_CASE == 5
constexpr auto bad = cm::cf_alloc_export::export_({.rat_inst = 1});  // EXPORT has no RAT_INST
#elif CTISA_CASE == 6
constexpr auto bad = cm::vtx::fetch({.src_sel_x = cm::sel::y});  // a fetch source element is a cm::channel
#elif CTISA_CASE == 7
constexpr auto bad = cm::vtx::fetch({.data_format = cm::enums::num_format::scaled});  // another value set's name
#endif
