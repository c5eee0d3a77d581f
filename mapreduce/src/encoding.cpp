// The byte stream's failures, out of line: the reader's fast path stays small.

#include <pgasmr/mapreduce/encoding.hpp>

#include <string>

#include <pgasmr/pgas/error.hpp>

namespace pgasmr::mr {

void ByteReader::truncated(std::size_t wanted) const {
  throw_error("mapreduce decode", "truncated intermediate data: " + std::to_string(wanted) + " bytes wanted at byte " +
                                      std::to_string(at_) + " of " + std::to_string(in_.size()));
}

void ByteReader::malformed(const char* what) const {
  throw_error("mapreduce decode", std::string("malformed intermediate data at byte ") + std::to_string(at_) + ": " + what);
}

}  // namespace pgasmr::mr
