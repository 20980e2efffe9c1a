// Base64 (see base64.h).
#include "session/base64.h"

#include <array>

namespace terrain::session {
namespace {

constexpr std::string_view kAlphabet =
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

// Each character's 6-bit value, or -1 for a character outside the alphabet.
constexpr std::array<int8_t, 256> decoding_table() {
  std::array<int8_t, 256> table{};
  for (auto& v : table) v = -1;
  for (std::size_t k = 0; k < kAlphabet.size(); k++) {
    table[static_cast<unsigned char>(kAlphabet[k])] = static_cast<int8_t>(k);
  }
  return table;
}
constexpr std::array<int8_t, 256> kDecoding = decoding_table();

}  // namespace

std::string base64_encode(std::span<const uint8_t> bytes) {
  std::string text;
  text.reserve((bytes.size() + 2) / 3 * 4);
  std::size_t k = 0;
  for (; k + 3 <= bytes.size(); k += 3) {
    const uint32_t v = (uint32_t{bytes[k]} << 16) | (uint32_t{bytes[k + 1]} << 8) | bytes[k + 2];
    text += kAlphabet[(v >> 18) & 63];
    text += kAlphabet[(v >> 12) & 63];
    text += kAlphabet[(v >> 6) & 63];
    text += kAlphabet[v & 63];
  }
  const std::size_t rest = bytes.size() - k;
  if (rest > 0) {
    const uint32_t v = (uint32_t{bytes[k]} << 16) | (rest == 2 ? uint32_t{bytes[k + 1]} << 8 : 0);
    text += kAlphabet[(v >> 18) & 63];
    text += kAlphabet[(v >> 12) & 63];
    text += rest == 2 ? kAlphabet[(v >> 6) & 63] : '=';
    text += '=';
  }
  return text;
}

std::optional<std::vector<uint8_t>> base64_decode(std::string_view text) {
  if (text.size() % 4 != 0) return std::nullopt;
  std::size_t padding = 0;
  if (!text.empty() && text.back() == '=') padding = text[text.size() - 2] == '=' ? 2 : 1;
  std::vector<uint8_t> bytes;
  bytes.reserve(text.size() / 4 * 3);
  for (std::size_t k = 0; k < text.size(); k += 4) {
    const bool last = k + 4 == text.size();
    const std::size_t chars = last ? 4 - padding : 4;
    uint32_t v = 0;
    for (std::size_t j = 0; j < 4; j++) {
      int digit = 0;
      if (j < chars) {
        digit = kDecoding[static_cast<unsigned char>(text[k + j])];
        if (digit < 0) return std::nullopt;  // outside the alphabet, or '=' inside the text
      }
      v = (v << 6) | static_cast<uint32_t>(digit);
    }
    bytes.push_back(static_cast<uint8_t>(v >> 16));
    if (chars > 2) bytes.push_back(static_cast<uint8_t>(v >> 8));
    if (chars > 3) bytes.push_back(static_cast<uint8_t>(v));
    // The bits past the last byte must be 0: only the canonical text of the bytes reads.
    if (chars == 2 && (v & 0xFFFF) != 0) return std::nullopt;
    if (chars == 3 && (v & 0xFF) != 0) return std::nullopt;
  }
  return bytes;
}

}  // namespace terrain::session
