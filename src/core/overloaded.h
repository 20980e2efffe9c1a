// std::visit over a set of lambdas, one for each alternative: a variant's alternative with no
// lambda that takes it does not compile.
#pragma once

namespace terrain {

template <typename... F>
struct Overloaded : F... {
  using F::operator()...;
};
template <typename... F>
Overloaded(F...) -> Overloaded<F...>;

}  // namespace terrain
