// The sampled fingerprints that the processes of a job compare: alike for equal inputs, apart
// for inputs of the same size with other contents, and tied to the order of their parts.

#include <gtest/gtest.h>

#include <cstddef>
#include <span>
#include <string>
#include <vector>

#include <pgasmr/datasets/text_input.hpp>

#include "common/input_fingerprint.hpp"

namespace apps = pgasmr::apps;
namespace ds = pgasmr::datasets;

namespace {

std::uint64_t of_text(const std::string& text) { return apps::sampled_fingerprint(std::as_bytes(std::span(text))); }

std::uint64_t of_texts(std::vector<std::string> texts) {
  return apps::sampled_fingerprint(ds::TextInput::in_memory(std::move(texts), 1 << 20, ds::cut_after_newline));
}

/// `bytes` of a pseudo-random text from `seed`.
std::string random_text(std::size_t bytes, unsigned seed) {
  std::string text(bytes, ' ');
  std::uint64_t state = seed;
  for (auto& c : text) {
    state = state * 6364136223846793005u + 1442695040888963407u;
    c = static_cast<char>('a' + (state >> 59));
  }
  return text;
}

}  // namespace

TEST(InputFingerprint, EqualInputsHashAlike) {
  const auto text = random_text(300'000, 1);
  EXPECT_EQ(of_text(text), of_text(std::string(text)));
  EXPECT_EQ(of_texts({text, "abc"}), of_texts({text, "abc"}));
  EXPECT_EQ(of_text(""), of_text(""));
}

TEST(InputFingerprint, InputsOfTheSameSizeFromOtherSeedsHashApart) {
  for (std::size_t bytes : {1u, 63u, 64u, 65'537u, 10'000'000u})
    EXPECT_NE(of_text(random_text(bytes, 1)), of_text(random_text(bytes, 2))) << bytes;
}

TEST(InputFingerprint, UpTo64KiBEveryByteCounts) {
  auto text = random_text(64 * 1024, 3);
  const auto before = of_text(text);
  text[40'000] ^= 1;
  EXPECT_NE(of_text(text), before);
}

TEST(InputFingerprint, TheSizeCountsAndSoDoesTheOrderOfFiles) {
  EXPECT_NE(of_text(std::string(10, 'a')), of_text(std::string(11, 'a')));
  EXPECT_NE(of_texts({"first file\n", "second file\n"}), of_texts({"second file\n", "first file\n"}));
  EXPECT_NE(of_texts({"same first file\n", "second"}), of_texts({"same first file\n", "other!"}));
  EXPECT_EQ(of_texts({"one ", "text"}), of_text("one text"));  // the files end to end
  EXPECT_NE(apps::combined(1, 2), apps::combined(2, 1));
}

TEST(InputFingerprint, ValuesHashAsTheirBytes) {
  const std::vector<std::int64_t> values = {1, -2, 3};
  EXPECT_EQ(apps::sampled_fingerprint(std::span(values)), apps::sampled_fingerprint(std::as_bytes(std::span(values))));
}
