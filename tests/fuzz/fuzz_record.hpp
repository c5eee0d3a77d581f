#pragma once
// A user type that travels through Boost.Serialization (neither trivially copyable nor a string
// or vector): what the Boost path of the fuzz targets decodes.

#include <map>
#include <set>
#include <string>
#include <vector>

#include <boost/serialization/map.hpp>
#include <boost/serialization/set.hpp>
#include <boost/serialization/string.hpp>
#include <boost/serialization/vector.hpp>

namespace pgasmr::fuzz {

struct Record {
  std::string name;
  std::vector<double> samples;
  std::map<std::string, std::set<long>> index;

  template <class Archive>
  void serialize(Archive& archive, unsigned /*version*/) {
    archive & name & samples & index;
  }
};

}  // namespace pgasmr::fuzz
