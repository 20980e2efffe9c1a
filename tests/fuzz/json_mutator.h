// Structural mutations of JSON text, for the custom mutators of the fuzz targets whose input
// is or holds JSON (map_file_fuzz's sections, script_fuzz's lines).
//
// libFuzzer's own mutations change a byte or a few at a time. They seldom make what a hostile
// file holds and what the readers must refuse without running out of stack, memory or time:
// a value nested a hundred thousand deep, an array of a million elements, a number of ten
// thousand digits, a string as long as the file. These make each in one step and leave the rest
// of the text as it was, so that the readers get past parsing to the values they check.
#pragma once

#include <cstddef>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

namespace terrain::fuzz {

// The mutators' own random stream, seeded with the seed libFuzzer gives each call, so that a
// run with the same -seed makes the same inputs.
using Random = std::minstd_rand;

// A whole number from 1 to `most` (1 when `most` is 0), each power of two about as likely as the
// next, so that small and huge ones both come up.
std::size_t log_uniform(Random& random, std::size_t most);

// libFuzzer's own mutations (LLVMFuzzerMutate: its byte mutations, the dictionary, a crossover
// with another input of the corpus), leaving `bytes` at most `most` bytes (or as long as it was).
void mutate_bytes(std::vector<uint8_t>& bytes, std::size_t most);
void mutate_bytes(std::string& text, std::size_t most);

// The deepest a mutation nests a value, the most copies of one it makes: past what the readers
// must refuse (the stack of the sanitizer build overflows at about 20,000 levels of copying
// nlohmann::json, the script is 100,000 deep).
inline constexpr std::size_t kMostDepth = std::size_t{1} << 18;
inline constexpr std::size_t kMostCopies = std::size_t{1} << 20;

// One structural change to the JSON text, leaving it at most `most` bytes: a value nested deep
// in arrays or objects, an array's element repeated many times, a value replaced by an edge
// case (a huge, negative or long number, a long string, an escape, another value of the text)
// or removed. False, changing nothing, when the text has no value or there is no room.
bool mutate_json(std::string& text, std::size_t most, Random& random);

// `into` with one of its values replaced by one of `from`'s: a crossover that keeps both JSON.
// False, changing nothing, when either has no value or there is no room.
bool splice_json(std::string& into, const std::string& from, std::size_t most, Random& random);

}  // namespace terrain::fuzz
