// SPDX-License-Identifier: MIT
// The labels of an emitter (emitter.hpp): where each is bound, and the branches still waiting for
// one (fix-ups, each with what the emitter needs to place it). Every emitter keeps its labels
// here, whatever its ISA calls a label: a statement index (ATTILA, Valhall), a CF address
// (Cayman), a function id (AMD IL), a label name (NV).
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "error.hpp"
#include "result.hpp"

namespace ctisa {

// A place in the emitted code, bound at most once; valid in the emitter that made it.
struct label {
    std::uint32_t id = 0;
};

namespace emit_errors {
[[nodiscard]] constexpr error foreign_label() noexcept { return error{error_code::undefined_label, 0, 0, 0, "a label of another emitter"}; }
[[nodiscard]] constexpr error unbound_label() noexcept { return error{error_code::undefined_label, 0, 0, 0, "label never bound"}; }
[[nodiscard]] constexpr error bound_twice() noexcept { return error{error_code::duplicate_name, 0, 0, 0, "label bound twice"}; }
}  // namespace emit_errors

// Fixup: a struct with `std::uint32_t at` (the statement of the branch) and `label target`.
template <class Fixup>
class label_table {
public:
    static constexpr std::uint32_t unbound = ~std::uint32_t{0};

    [[nodiscard]] constexpr label make() {
        places_.push_back(place{unbound, 0});
        return label{static_cast<std::uint32_t>(places_.size() - 1)};
    }
    [[nodiscard]] constexpr bool known(label l) const noexcept { return l.id < places_.size(); }
    [[nodiscard]] constexpr bool bound(label l) const noexcept { return known(l) && places_[l.id].statement != unbound; }
    // The statement a bound label names, and its offset in the emitter's result (bytes or text).
    [[nodiscard]] constexpr std::uint32_t statement(label l) const noexcept { return places_[l.id].statement; }
    [[nodiscard]] constexpr result<std::size_t> offset(label l) const {
        if (!known(l)) return emit_errors::foreign_label();
        if (!bound(l)) return emit_errors::unbound_label();
        return std::size_t{places_[l.id].offset};
    }

    // Binds l to `statement` at `offset`, then calls place(fixup) for each branch waiting for it.
    // An error's `offset` is the statement at fault: the branch that could not be placed, or
    // `statement` for a label bound twice or of another emitter.
    template <class Place>
    constexpr error bind(label l, std::uint32_t statement, std::uint32_t offset, Place&& place) {
        if (!known(l) || bound(l)) {
            error e = known(l) ? emit_errors::bound_twice() : emit_errors::foreign_label();
            e.offset = statement;
            return e;
        }
        places_[l.id] = place_t{statement, offset};
        std::size_t kept = 0;
        error first{};
        for (const Fixup& f : pending_) {
            if (f.target.id != l.id) pending_[kept++] = f;
            else if (error e = first.failed() ? error{} : place(f); e.failed()) {
                e.offset = f.at;
                first = e;
            }
        }
        pending_.resize(kept);
        return first;
    }
    constexpr void defer(const Fixup& f) { pending_.push_back(f); }
    // The first branch whose label is not bound, if any.
    [[nodiscard]] constexpr const Fixup* waiting() const noexcept { return pending_.empty() ? nullptr : &pending_.front(); }
    [[nodiscard]] constexpr std::size_t count() const noexcept { return places_.size(); }
    [[nodiscard]] constexpr std::size_t bytes_kept() const noexcept {
        return places_.capacity() * sizeof(place) + pending_.capacity() * sizeof(Fixup);
    }
    constexpr void clear() noexcept {
        places_.clear();
        pending_.clear();
    }

private:
    struct place {
        std::uint32_t statement;
        std::uint32_t offset;
    };
    using place_t = place;
    std::vector<place> places_;
    std::vector<Fixup> pending_;
};

// The error a branch to an unbound label gives when the result is asked for.
[[nodiscard]] constexpr error unbound_at(std::uint32_t statement) noexcept {
    error e = emit_errors::unbound_label();
    e.offset = statement;
    return e;
}

}  // namespace ctisa
