#pragma once
/// @file
/// The Boost.Serialization data path: keys and values that are neither trivially copyable nor
/// strings or vectors (user structs with a `serialize` member, maps, sets, pairs, ...) travel as
/// binary archives. Slower than the other paths (an archive per value), but it takes any type
/// Boost can serialize. Types used this way must be default-constructible.

#include <cstddef>
#include <ios>
#include <span>
#include <streambuf>
#include <vector>

#include <boost/archive/archive_exception.hpp>
#include <boost/archive/binary_iarchive.hpp>
#include <boost/archive/binary_oarchive.hpp>
#include <boost/serialization/map.hpp>
#include <boost/serialization/set.hpp>
#include <boost/serialization/string.hpp>
#include <boost/serialization/utility.hpp>
#include <boost/serialization/vector.hpp>

#include <pgasmr/pgas/error.hpp>

namespace pgasmr::mr::detail {

/// A streambuf that appends to a byte vector (no std::ostream, no copy of the archive).
class ByteSink : public std::streambuf {
 public:
  explicit ByteSink(std::vector<std::byte>& out) : out_(out) {}

 protected:
  int_type overflow(int_type c) override {
    if (!traits_type::eq_int_type(c, traits_type::eof())) out_.push_back(static_cast<std::byte>(c));
    return traits_type::not_eof(c);
  }
  std::streamsize xsputn(const char* s, std::streamsize n) override {
    auto bytes = reinterpret_cast<const std::byte*>(s);
    out_.insert(out_.end(), bytes, bytes + n);
    return n;
  }

 private:
  std::vector<std::byte>& out_;
};

/// A read-only streambuf over bytes held elsewhere.
class ByteSource : public std::streambuf {
 public:
  explicit ByteSource(std::span<const std::byte> in) {
    // The get area is never written through; streambuf just has no const interface.
    auto* begin = const_cast<char*>(reinterpret_cast<const char*>(in.data()));
    setg(begin, begin, begin + in.size());
  }
};

/// Archives without the header and locale machinery: both ends are this same program.
inline constexpr unsigned archive_flags = boost::archive::no_header | boost::archive::no_codecvt;

template <class T>
void boost_encode(std::vector<std::byte>& out, const T& value) {
  ByteSink sink(out);
  boost::archive::binary_oarchive archive(sink, archive_flags);
  archive << value;
}

template <class T>
T boost_decode(std::span<const std::byte> bytes) {
  ByteSource source(bytes);
  T value;
  try {
    boost::archive::binary_iarchive archive(source, archive_flags);
    archive >> value;
  } catch (const boost::archive::archive_exception& e) {
    throw_error("mapreduce decode", std::string("malformed Boost.Serialization archive: ") + e.what());
  }
  return value;
}

}  // namespace pgasmr::mr::detail
