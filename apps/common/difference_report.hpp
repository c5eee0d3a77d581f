#pragma once
/// @file
/// DifferenceReport: what --verify says when two results differ: an optional heading, the first
/// few differences, then how many more there were, the same way in every app.

#include <cstddef>
#include <string>
#include <string_view>
#include <utility>

namespace pgasmr::apps {

class DifferenceReport {
 public:
  explicit DifferenceReport(std::string heading = {}) : text_(std::move(heading)) {}

  /// One difference, described by describe() -> std::string when it is among the first shown
  /// (the others are only counted: a result may differ in millions of places).
  template <class Describe>
  void note(Describe&& describe) {
    if (differences_++ < shown_at_most) text_.append(text_.empty() ? "" : "; ").append(describe());
  }

  std::size_t differences() const noexcept { return differences_; }

  /// The heading and the differences shown, then "; N more <things> differ".
  std::string str(std::string_view things) const {
    if (differences_ <= shown_at_most) return text_;
    return text_ + "; " + std::to_string(differences_ - shown_at_most) + " more " + std::string(things) + " differ";
  }

 private:
  static constexpr std::size_t shown_at_most = 5;
  std::string text_;
  std::size_t differences_ = 0;
};

}  // namespace pgasmr::apps
