// Counting heap allocations in the test binary, to prove a steady frame allocates nothing.
//
// allocation_counter.cpp replaces the global operator new (every form) for the whole of
// model_tests; while a CountAllocations is alive, each call is counted.
#pragma once

#include <cstdint>

namespace terrain::testing {

// Counts the allocations made between its construction and count() (one at a time).
class CountAllocations {
 public:
  CountAllocations();
  ~CountAllocations();
  CountAllocations(const CountAllocations&) = delete;
  CountAllocations& operator=(const CountAllocations&) = delete;

  // Allocations so far, stopping the count.
  uint64_t count();
};

}  // namespace terrain::testing
