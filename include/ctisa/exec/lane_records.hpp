// SPDX-License-Identifier: MIT
// The records a run keeps of what each lane did, in the order it did it (emitted vertices, fetch
// requests: any record with a `lane`), read per lane: the tool prints the K-th of a lane's records
// as one row, and as many rows as the busiest lane made.
#pragma once

#include <algorithm>
#include <cstddef>
#include <map>
#include <vector>

namespace ctisa::exec {

// Lane `lane`'s k-th record (from 0), or null when it made fewer.
template <class Record>
[[nodiscard]] const Record* nth_of_lane(const std::vector<Record>& records, std::size_t lane, std::size_t k) {
    for (const Record& r : records)
        if (r.lane == lane && k-- == 0) return &r;
    return nullptr;
}

// How many records the lane that made the most made (0 without records).
template <class Record>
[[nodiscard]] std::size_t most_of_one_lane(const std::vector<Record>& records) {
    std::map<std::size_t, std::size_t> per_lane;
    std::size_t most = 0;
    for (const Record& r : records) most = std::max(most, ++per_lane[r.lane]);
    return most;
}

}  // namespace ctisa::exec
