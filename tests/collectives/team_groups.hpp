#pragma once
// Disjoint teams that run one case of a collectives test at the same time, and the world split
// into them with the members each team must have computed apart from the library.

#include <gtest/gtest.h>

#include <algorithm>
#include <cstddef>
#include <functional>
#include <sstream>
#include <string>
#include <vector>

#include <pgasmr/pgas/context.hpp>
#include <pgasmr/pgas/team.hpp>

namespace pgasmr::test {

/// Disjoint teams running one case together. Every thread holds the same member lists.
struct Groups {
  std::vector<std::vector<pgas::thread_id>> members;  ///< by group, in team rank order
  int mine = -1;                                       ///< the caller's group (-1: none)
  pgas::Team* team = nullptr;                          ///< the caller's handle (nullptr: the world team)
  bool share_views = false;                            ///< thread_ids only: every group on the same views

  static Groups world(const pgas::Context& me) {
    Groups g;
    g.members.emplace_back();
    for (pgas::thread_id t = 0; t < me.threads(); ++t) g.members[0].push_back(t);
    g.mine = 0;
    return g;
  }

  std::string describe() const {
    std::ostringstream out;
    out << "groups";
    for (const auto& m : members) {
      out << " {";
      for (std::size_t i = 0; i < m.size(); ++i) out << (i ? "," : "") << m[i];
      out << "}";
    }
    return out.str();
  }
};

using Rule = std::function<int(pgas::thread_id thread, int threads)>;

/// The world split by `color` and `key` (MPI_Comm_split's meaning), with the groups it must make
/// computed independently of the library: one per color, in ascending color order, members
/// ordered by (key, thread). Checks the caller's team against its group.
class Split {
 public:
  Split(pgas::Context& me, const Rule& color, const Rule& key) {
    std::vector<int> colors;
    for (pgas::thread_id t = 0; t < me.threads(); ++t)
      if (auto c = color(t, me.threads()); c != pgas::Team::no_color) colors.push_back(c);
    std::ranges::sort(colors);
    colors.erase(std::unique(colors.begin(), colors.end()), colors.end());
    for (auto c : colors) {
      std::vector<pgas::thread_id> members;
      for (pgas::thread_id t = 0; t < me.threads(); ++t)
        if (color(t, me.threads()) == c) members.push_back(t);
      std::ranges::stable_sort(members, {}, [&](pgas::thread_id t) { return key(t, me.threads()); });
      groups_.members.push_back(members);
    }
    auto mine = color(me.thread(), me.threads());
    if (mine != pgas::Team::no_color)
      groups_.mine = static_cast<int>(std::ranges::find(colors, mine) - colors.begin());
    team_ = me.world().split(mine, key(me.thread(), me.threads()));
    if (groups_.mine >= 0) {
      const auto& expected = groups_.members[static_cast<std::size_t>(groups_.mine)];
      EXPECT_EQ(std::vector<pgas::thread_id>(team_.threads().begin(), team_.threads().end()), expected);
    } else {
      EXPECT_FALSE(team_);
    }
  }
  Split(const Split&) = delete;
  Split& operator=(const Split&) = delete;

  pgas::Team& team() { return team_; }
  /// The groups, the caller's team among them (an empty team where the caller is in none).
  Groups groups(bool share_views = false) {
    auto g = groups_;
    g.team = &team_;
    g.share_views = share_views;
    return g;
  }

 private:
  pgas::Team team_;
  Groups groups_;
};

}  // namespace pgasmr::test
