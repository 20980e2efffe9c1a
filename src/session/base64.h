// Base64 (RFC 4648, the standard alphabet with '=' padding, no line breaks): how a map recipe
// carries a ground's float32 heights inside its JSON text, exactly and in a third more bytes
// than they take (a list of numbers would be four times larger and slower to read).
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace terrain::session {

// The text of `bytes`: 4 characters for every 3 bytes, padded with '=' to a multiple of 4.
std::string base64_encode(std::span<const uint8_t> bytes);

// The bytes of canonical base64 text: only the alphabet, a length that is a multiple of 4,
// '=' only as the last one or two characters, and the unused bits of the last character 0
// (so every byte string has exactly one text). nullopt for anything else. O(n).
std::optional<std::vector<uint8_t>> base64_decode(std::string_view text);

}  // namespace terrain::session
