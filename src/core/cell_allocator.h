// An allocator for the per-cell arrays of big maps (the drainage's and the flood's).
//
// Two things make a big map's first pass slow that have nothing to do with the work itself:
//   - Every new page is zeroed by the kernel at its first touch. On the development machine
//     (a VM) a 4 KiB page costs about 13 us, so the 350 MB a 4096^2 drainage holds cost over a
//     second before any work; a 2 MiB huge page costs one fault for 512 small ones. Arrays
//     of 4 MiB and more are therefore mapped aligned to 2 MiB and marked for transparent huge
//     pages (MADV_HUGEPAGE; the kernel falls back to small pages when it has no huge ones).
//   - std::allocator value-initializes what resize() adds: a pass that writes every cell
//     anyway would write each twice. construct() here default-initializes, so the integers and
//     floats resize() adds are left as they are until the pass writes them.
// Smaller arrays come from operator new, as they would from std::allocator.
#pragma once

#include <cstddef>
#include <cstdint>
#include <new>
#include <utility>
#include <vector>

#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace terrain {

namespace cell_memory {

inline constexpr std::size_t kHugePage = std::size_t{2} << 20;
inline constexpr std::size_t kMapped = std::size_t{4} << 20;  // from here on, mapped

// Under AddressSanitizer every array comes from operator new, where it checks the bounds.
#if defined(__linux__) && !defined(__SANITIZE_ADDRESS__)
#define TERRAIN_CELL_MEMORY_MAPPED 1
#endif

inline void* allocate(std::size_t bytes) {
#if defined(TERRAIN_CELL_MEMORY_MAPPED)
  if (bytes >= kMapped) {
    // Over-map by a huge page, keep the aligned part, give back the ends.
    const std::size_t length = (bytes + kHugePage - 1) / kHugePage * kHugePage;
    void* mapped = ::mmap(nullptr, length + kHugePage, PROT_READ | PROT_WRITE,
                          MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (mapped == MAP_FAILED) throw std::bad_alloc();
    const auto start = reinterpret_cast<std::uintptr_t>(mapped);
    const std::uintptr_t aligned = (start + kHugePage - 1) / kHugePage * kHugePage;
    if (aligned > start) ::munmap(mapped, aligned - start);
    const std::uintptr_t end = start + length + kHugePage;
    if (end > aligned + length)
      ::munmap(reinterpret_cast<void*>(aligned + length), end - (aligned + length));
    ::madvise(reinterpret_cast<void*>(aligned), length, MADV_HUGEPAGE);
    return reinterpret_cast<void*>(aligned);
  }
#endif
  return ::operator new(bytes);
}

// `bytes`: what allocate() was asked for (unused where nothing is mapped: under AddressSanitizer).
inline void release(void* p, [[maybe_unused]] std::size_t bytes) noexcept {
#if defined(TERRAIN_CELL_MEMORY_MAPPED)
  if (bytes >= kMapped) {
    ::munmap(p, (bytes + kHugePage - 1) / kHugePage * kHugePage);
    return;
  }
#endif
  ::operator delete(p);
}

}  // namespace cell_memory

template <typename T>
struct CellAllocator {
  using value_type = T;
  CellAllocator() = default;
  template <typename U>
  CellAllocator(const CellAllocator<U>&) noexcept {}

  T* allocate(std::size_t n) { return static_cast<T*>(cell_memory::allocate(n * sizeof(T))); }
  void deallocate(T* p, std::size_t n) noexcept { cell_memory::release(p, n * sizeof(T)); }

  // Default-initialization: resize() leaves trivial values unwritten (see above).
  template <typename U>
  void construct(U* p) noexcept {
    ::new (static_cast<void*>(p)) U;
  }
  template <typename U, typename... Args>
  void construct(U* p, Args&&... args) {
    ::new (static_cast<void*>(p)) U(std::forward<Args>(args)...);
  }

  template <typename U>
  bool operator==(const CellAllocator<U>&) const noexcept {
    return true;
  }
};

// A per-cell array: resize() does not initialize what it adds.
template <typename T>
using CellVector = std::vector<T, CellAllocator<T>>;

}  // namespace terrain
