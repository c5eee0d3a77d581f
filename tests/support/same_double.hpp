#pragma once
// EXPECT_SAME_DOUBLE(actual, expected): bit-for-bit equality of doubles, so that -0.0 and +0.0
// differ (NaNs are checked with std::isnan), printed in hexadecimal when they differ.

#include <gtest/gtest.h>

#include <ios>

#include "support/fsum.hpp"

namespace pgasmr::test {

inline testing::AssertionResult same_bits(const char* actual_text, const char* expected_text, double actual,
                                          double expected) {
  if (bits_of(actual) == bits_of(expected)) return testing::AssertionSuccess();
  return testing::AssertionFailure() << actual_text << " is " << std::hexfloat << actual << ", not " << expected_text
                                     << " = " << expected;
}

}  // namespace pgasmr::test

#define EXPECT_SAME_DOUBLE(actual, expected) EXPECT_PRED_FORMAT2(::pgasmr::test::same_bits, actual, expected)
