// SPDX-License-Identifier: MIT
// The tool's input and output in blocks, so that dis, asm and explain run in constant memory:
// an input read a block of whole lines (or bytes) at a time, hex text parsed block by block, and
// standard output written through one buffer.
#pragma once

#include <cstdint>
#include <cstdio>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <ctisa/core/text/cursor.hpp>

namespace ctisa_tool {

// A file or standard input, read a block at a time. A text block ends at a line break (or the
// end), so that statements and hex tokens never straddle two blocks; its first line's number is
// first_line(). A binary block is any run of bytes, starting at byte offset().
class input_stream {
public:
    static std::optional<input_stream> open(const std::string& path);  // prints its own error
    input_stream(input_stream&& other) noexcept;
    input_stream& operator=(input_stream&&) = delete;
    ~input_stream();

    // The next block, or false at the end (or after printing a read error: failed()).
    bool next(std::string_view& block, bool whole_lines);
    [[nodiscard]] const std::string& name() const noexcept { return name_; }
    [[nodiscard]] std::uint32_t first_line() const noexcept { return first_line_; }
    [[nodiscard]] std::uint64_t offset() const noexcept { return offset_; }
    [[nodiscard]] bool failed() const noexcept { return failed_; }
    // Everything left, at once (the ISAs whose layout needs the whole program).
    std::optional<std::string> rest();

private:
    input_stream(std::FILE* f, std::string name) : file_(f), name_(std::move(name)) {}
    bool fill();

    std::FILE* file_;
    std::string name_;
    std::string buffer_;
    std::size_t consumed_ = 0;  // bytes of buffer_ already handed out
    std::uint32_t first_line_ = 1;
    std::uint32_t next_line_ = 1;
    std::uint64_t offset_ = 0;
    std::uint64_t next_offset_ = 0;
    bool eof_ = false;
    bool failed_ = false;
};

// Bytes read from hex text or a raw image, each with the line and column where it starts (raw
// bytes: line 1, column offset + 1), and the byte offset of the first in the whole input.
struct hex_bytes {
    std::vector<std::uint8_t> bytes;
    std::vector<ctisa::text::position> where;
    std::uint64_t base = 0;

    void drop_front(std::size_t n);  // the first n bytes are done with
};

// Appends the bytes of a block of hex text (first_line: its first line's number in the file).
// The form: tokens separated by whitespace or commas, '#' and ';' comments to the end of a line;
// a token is an even number of hex digits, bytes in memory order ("17008003"), or 0x and one
// or two digits, one byte ("0x17", llvm-mc's form). A longer 0x number is refused rather than
// guessed: its byte order is not written down. False at the first fault (printed if `report`).
bool parse_hex(std::string_view block, std::uint32_t first_line, const std::string& name, hex_bytes& out, bool report);
void append_raw(std::string_view block, std::uint64_t offset, hex_bytes& out);

// Standard output through one buffer (a printer's many small writes cost more than printing
// through std::cout). Written out when full, by flush(), and at destruction.
class output_sink {
public:
    explicit output_sink(std::FILE* f = stdout) : file_(f) {}
    output_sink(const output_sink&) = delete;
    output_sink& operator=(const output_sink&) = delete;
    ~output_sink() { flush(); }
    void push(char c) {
        if (size_ == sizeof buffer_) [[unlikely]]
            flush();
        buffer_[size_++] = c;
    }
    void append(std::string_view s) {
        for (char c : s) push(c);
    }
    void flush() {
        if (size_ != 0) std::fwrite(buffer_, 1, size_, file_);
        size_ = 0;
    }

private:
    std::FILE* file_;
    std::size_t size_ = 0;
    char buffer_[1 << 16];
};

// The columns objdump prints before an instruction: its address ("     1a0:") and its bytes.
struct listing_columns {
    bool addresses = false;
    bool bytes = false;
};
void write_columns(output_sink& out, const listing_columns& columns, std::uint64_t address, std::span<const std::uint8_t> bytes);

}  // namespace ctisa_tool
