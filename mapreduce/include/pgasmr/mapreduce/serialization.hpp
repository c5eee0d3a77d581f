#pragma once
/// @file
/// The Boost.Serialization data path: keys and values that are neither trivially copyable nor
/// strings or vectors (user structs with a `serialize` member, maps, sets, pairs, ...) travel as
/// binary archives. Slower than the other paths (an archive per value), but it takes any type
/// Boost can serialize. Types used this way must be default-constructible.

#include <algorithm>
#include <cstddef>
#include <ios>
#include <span>
#include <stdexcept>
#include <streambuf>
#include <string>
#include <vector>

#include <boost/archive/archive_exception.hpp>
#include <boost/archive/binary_iarchive_impl.hpp>
#include <boost/archive/binary_oarchive.hpp>
#include <boost/archive/detail/register_archive.hpp>
#include <boost/archive/impl/archive_serializer_map.ipp>
#include <boost/archive/impl/basic_binary_iarchive.ipp>
#include <boost/archive/impl/basic_binary_iprimitive.ipp>
#include <boost/serialization/collection_size_type.hpp>
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

/// What BoundedBinaryIarchive refuses; boost_decode reports it as a malformed archive.
class malformed_archive : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// Boost's binary input archive, reading the same bytes, that first checks what Boost would
/// otherwise trust: a string length or a container's element count larger than the bytes left
/// in the archive (Boost sizes the string or container by it before reading the elements, so a
/// corrupted count would allocate that much), and a bool that is neither 0 nor 1 (undefined
/// behaviour to load). Both throw malformed_archive. (A container of empty objects, which Boost
/// stores in no bytes each, is thus limited to as many elements as bytes follow its count.)
class BoundedBinaryIarchive
    : public boost::archive::binary_iarchive_impl<BoundedBinaryIarchive, char, std::char_traits<char>> {
  using Base = boost::archive::binary_iarchive_impl<BoundedBinaryIarchive, char, std::char_traits<char>>;
  friend class boost::archive::detail::interface_iarchive<BoundedBinaryIarchive>;
  friend class boost::archive::basic_binary_iarchive<BoundedBinaryIarchive>;
  friend class boost::archive::basic_binary_iprimitive<BoundedBinaryIarchive, char, std::char_traits<char>>;
  friend class boost::archive::load_access;

 public:
  BoundedBinaryIarchive(std::streambuf& source, unsigned flags) : Base(source, flags), source_(source) {
    init(flags);
  }

 protected:
  template <class T>
  void load_override(T& t) {
    Base::load_override(t);
  }
  void load_override(boost::serialization::collection_size_type& count) {
    Base::load_override(count);
    refuse_beyond_the_end(count, "elements");
  }

  using Base::load;
  void load(std::string& text) {
    std::size_t length = 0;
    load(length);
    refuse_beyond_the_end(length, "string bytes");
    text.resize(length);
    if (length > 0) load_binary(text.data(), length);
  }
  void load(bool& flag) {
    unsigned char byte = 0;
    load_binary(&byte, 1);
    if (byte > 1) throw malformed_archive("a bool stored as " + std::to_string(byte));
    flag = byte != 0;
  }

 private:
  void refuse_beyond_the_end(std::size_t count, const char* what) {
    auto left = static_cast<std::size_t>(std::max<std::streamsize>(source_.in_avail(), 0));
    if (count > left)
      throw malformed_archive("a count of " + std::to_string(count) + " " + what + " with " + std::to_string(left) +
                              " bytes left");
  }

  std::streambuf& source_;
};

template <class T>
void boost_encode(std::vector<std::byte>& out, const T& value) {
  ByteSink sink(out);
  boost::archive::binary_oarchive archive(sink, archive_flags);
  archive << value;
}

/// Decodes an archive; throws pgasmr::error when it is malformed.
template <class T>
T boost_decode(std::span<const std::byte> bytes) {
  ByteSource source(bytes);
  T value;
  auto malformed = [&](const char* why) {
    throw_error("mapreduce decode", "malformed Boost.Serialization archive of " + std::to_string(bytes.size()) +
                                        " bytes: " + why);
  };
  try {
    BoundedBinaryIarchive archive(source, archive_flags);
    archive >> value;
  } catch (const boost::archive::archive_exception& e) {
    malformed(e.what());
  } catch (const malformed_archive& e) {
    malformed(e.what());
  }
  return value;
}

}  // namespace pgasmr::mr::detail

BOOST_SERIALIZATION_REGISTER_ARCHIVE(pgasmr::mr::detail::BoundedBinaryIarchive)
BOOST_SERIALIZATION_USE_ARRAY_OPTIMIZATION(pgasmr::mr::detail::BoundedBinaryIarchive)
