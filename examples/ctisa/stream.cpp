// SPDX-License-Identifier: MIT
#include "stream.hpp"

#include <cerrno>
#include <cstring>
#include <iostream>

#include <ctisa/core/error_text.hpp>
#include <ctisa/core/text/writer.hpp>

#include "commands.hpp"

namespace ctisa_tool {

namespace {
constexpr std::size_t block_size = 1 << 20;
}

std::optional<input_stream> input_stream::open(const std::string& path) {
    if (path.empty() || path == "-") return input_stream(stdin, "<stdin>");
    std::FILE* f = std::fopen(path.c_str(), "rb");
    if (!f) {
        std::cerr << path << ": error: cannot open the file: " << std::strerror(errno) << '\n';
        return std::nullopt;
    }
    return input_stream(f, path);
}

input_stream::input_stream(input_stream&& other) noexcept
    : file_(other.file_),
      name_(std::move(other.name_)),
      buffer_(std::move(other.buffer_)),
      consumed_(other.consumed_),
      first_line_(other.first_line_),
      next_line_(other.next_line_),
      offset_(other.offset_),
      next_offset_(other.next_offset_),
      eof_(other.eof_),
      failed_(other.failed_) {
    other.file_ = nullptr;
}

input_stream::~input_stream() {
    if (file_ && file_ != stdin) std::fclose(file_);
}

// Reads one more block behind what is left; false at the end or on a read error.
bool input_stream::fill() {
    if (eof_) return false;
    buffer_.erase(0, consumed_);
    consumed_ = 0;
    const std::size_t old = buffer_.size();
    buffer_.resize(old + block_size);
    const std::size_t n = std::fread(buffer_.data() + old, 1, block_size, file_);
    buffer_.resize(old + n);
    if (n < block_size) {
        eof_ = true;
        if (std::ferror(file_)) {
            // A folder opens, and fails at its first read: "cannot open" says what the user meant.
            std::cerr << name_ << ": error: cannot " << (next_offset_ == 0 && old == 0 ? "open" : "read")
                      << " the file: " << std::strerror(errno) << '\n';
            failed_ = true;
            return false;
        }
    }
    return n != 0;
}

bool input_stream::next(std::string_view& block, bool whole_lines) {
    for (;;) {
        const std::string_view left = std::string_view(buffer_).substr(consumed_);
        std::size_t end = left.size();
        if (whole_lines && !eof_) {
            const std::size_t last = left.rfind('\n');
            end = last == std::string_view::npos ? 0 : last + 1;
        }
        if (end != 0 && (eof_ || !whole_lines || end * 2 >= block_size || left.size() >= block_size)) {
            block = left.substr(0, end);
            consumed_ += end;
            first_line_ = next_line_;
            offset_ = next_offset_;
            for (char c : block) next_line_ += c == '\n';
            next_offset_ += end;
            return true;
        }
        if (!fill() && (failed_ || consumed_ == buffer_.size())) return false;
    }
}

std::optional<std::string> input_stream::rest() {
    std::string all = buffer_.substr(consumed_);
    consumed_ = buffer_.size();
    while (fill()) {
        all += buffer_;
        consumed_ = buffer_.size();
    }
    if (failed_) return std::nullopt;
    return all;
}

void hex_bytes::drop_front(std::size_t n) {
    bytes.erase(bytes.begin(), bytes.begin() + static_cast<std::ptrdiff_t>(n));
    where.erase(where.begin(), where.begin() + static_cast<std::ptrdiff_t>(n));
    base += n;
}

namespace {

bool separator(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\v' || c == '\f' || c == ','; }
bool comment(char c) { return c == '#' || c == ';'; }

}  // namespace

bool parse_hex(std::string_view text, std::uint32_t first_line, const std::string& name, hex_bytes& out, bool report) {
    std::uint32_t line = first_line;
    std::size_t line_start = 0;
    const auto fail = [&](std::size_t at, std::size_t end, std::string_view reason) {
        if (report)
            print_error(name,
                        ctisa::error{ctisa::error_code::unexpected_character, line, static_cast<std::uint32_t>(at - line_start + 1), 0,
                                     text.substr(at, end - at)},
                        reason);
        return false;
    };
    for (std::size_t i = 0; i < text.size();) {
        const char c = text[i];
        if (c == '\n') {
            ++line;
            line_start = ++i;
            continue;
        }
        if (separator(c)) {
            ++i;
            continue;
        }
        if (comment(c)) {
            while (i < text.size() && text[i] != '\n') ++i;
            continue;
        }
        std::size_t end = i;
        while (end < text.size() && !separator(text[end]) && !comment(text[end])) ++end;
        std::size_t digits = i;
        const bool prefixed = end - i > 2 && text[i] == '0' && (text[i + 1] == 'x' || text[i + 1] == 'X');
        if (prefixed) digits += 2;
        for (std::size_t d = digits; d < end; ++d)
            if (ctisa::text::hex_value(text[d]) < 0) return fail(i, end, "expected hex bytes: pairs of hex digits, or 0x and one or two digits");
        if (prefixed && end - digits > 2) return fail(i, end, "a 0x number is one byte: write longer values as bytes in memory order");
        if (!prefixed && (end - digits) % 2 != 0) return fail(i, end, "an odd number of hex digits: a byte is two");
        const ctisa::text::position at{line, static_cast<std::uint32_t>(i - line_start + 1)};
        if (prefixed && end - digits == 1) {
            out.bytes.push_back(static_cast<std::uint8_t>(ctisa::text::hex_value(text[digits])));
            out.where.push_back(at);
        }
        for (std::size_t d = digits; d + 1 < end; d += 2) {
            out.bytes.push_back(static_cast<std::uint8_t>(ctisa::text::hex_value(text[d]) * 16 + ctisa::text::hex_value(text[d + 1])));
            out.where.push_back({line, static_cast<std::uint32_t>(d - line_start + 1)});
        }
        i = end;
    }
    return true;
}

void append_raw(std::string_view block, std::uint64_t offset, hex_bytes& out) {
    for (std::size_t i = 0; i < block.size(); ++i) {
        out.bytes.push_back(static_cast<std::uint8_t>(block[i]));
        out.where.push_back({1, static_cast<std::uint32_t>(offset + i + 1)});
    }
}

void write_columns(output_sink& out, const listing_columns& columns, std::uint64_t address, std::span<const std::uint8_t> bytes) {
    if (columns.addresses) {
        char text[24];
        const int n = std::snprintf(text, sizeof text, "%8llx:\t", static_cast<unsigned long long>(address));
        out.append(std::string_view(text, static_cast<std::size_t>(n)));
    }
    if (columns.bytes) {
        ctisa::text::write_bytes(out, bytes);
        out.push('\t');
    }
}

}  // namespace ctisa_tool
