#pragma once
/// @file
/// How the i-forms start a collective: each captures its arguments in a body that calls the
/// blocking form, and start() runs that body on the caller's progress thread.

#include <cstddef>
#include <functional>
#include <span>
#include <utility>
#include <vector>

#include <pgasmr/collectives/buffer.hpp>
#include <pgasmr/collectives/displacements.hpp>
#include <pgasmr/collectives/options.hpp>
#include <pgasmr/collectives/request.hpp>
#include <pgasmr/pgas/context.hpp>

namespace pgasmr::coll::detail {

/// The blocking collective to run, given the caller's Context and the Options to pass on.
using Body = std::function<void(pg::Context&, const Options&)>;

/// Queues `body` on the caller's progress thread (made on the caller's first call) and returns
/// at once, waiting for nobody. The body gets a copy of `options` whose team is the twin of
/// options.team (default: the world team), so that its synchronisation never meets the
/// caller's own on that team. Bodies run one after another in the order they were started.
Request start(pg::Context& me, const Options& options, Body body);

/// A buffer as a view that the body may keep: the memory stays the caller's.
// The span by reference, not by value: at -O1 GCC 12's mod/ref analysis concluded that view()
// does not return the pointer inside a span passed by value, so a buffer on the caller's stack
// seemed not to escape into the body, and the caller read its old contents after wait()
// (tests/collectives/nonblocking_stack_test.cpp).
template <class T>
std::span<T> view(const std::span<T>& s) {
  return s;
}
template <class T>
std::span<T> view(std::vector<T>& v) {
  return v;
}
template <class T>
std::span<const T> view(const std::vector<T>& v) {
  return v;
}
template <class T>
pg::shared_span<T> view(const pg::shared_span<T>& s) {
  return s;
}
template <class T>
pg::shared_span<T> view(pg::shared_array<T>& a) {
  return a.span();
}
template <class T>
pg::shared_span<const T> view(const pg::shared_array<T>& a) {
  return a.span();
}

/// A copy of an argument list, so that the caller need not keep it.
template <class T>
std::vector<T> owned(std::span<const T> list) {
  return {list.begin(), list.end()};
}

/// A copy of Displacements' lists.
class OwnedDisplacements {
 public:
  explicit OwnedDisplacements(const Displacements& d)
      : source_(owned(d.source)), destination_(owned(d.destination)), member_local_(d.member_local) {}
  Displacements view() const { return {source_, destination_, member_local_}; }

 private:
  std::vector<std::size_t> source_, destination_;
  bool member_local_;
};

}  // namespace pgasmr::coll::detail
