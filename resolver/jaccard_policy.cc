// The similarity-threshold supersession baseline (see MakeJaccardPolicy).
//
// Finding the most similar current atom must not scan every atom sharing a
// word like "the". Prefix filtering (Chaudhuri et al., "A primitive operator
// for similarity joins", 2006) keeps it exact: order every token set by one
// global order; if J(x, y) >= t then the overlap o >= ceil(t * |x|), and the
// smallest shared token w has at most |x| - o tokens before it in x, so w lies
// in x's first |x| - ceil(t * |x|) + 1 tokens, and likewise in y's. Indexing
// only those prefixes therefore finds every pair above the threshold. Any
// fixed order is correct; ours puts the most recently first-seen tokens
// first, because words seen early (function words, template words) are the
// frequent ones and belong at the end of the prefix order.
#include <algorithm>
#include <cmath>
#include <unordered_map>

#include "resolver/resolver.h"

namespace factline::resolver {

namespace {

using TokenId = std::uint32_t;

bool IsWordByte(unsigned char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
         (c >= '0' && c <= '9') || c >= 0x80;
}

std::string AtomText(const Atom& atom) {
  if (!atom.text.empty()) return atom.text;
  return atom.subject + " " + atom.relation + " " + atom.value;
}

std::size_t PrefixLength(std::size_t n, double threshold) {
  if (n == 0) return 0;
  auto need = static_cast<std::size_t>(std::ceil(threshold * n - 1e-9));
  return std::min(n, n - std::min(n, need) + 1);
}

// Both sets sorted by descending token id.
std::size_t Overlap(const std::vector<TokenId>& a,
                    const std::vector<TokenId>& b) {
  std::size_t i = 0, j = 0, n = 0;
  while (i < a.size() && j < b.size()) {
    if (a[i] == b[j]) {
      ++n;
      ++i;
      ++j;
    } else if (a[i] > b[j]) {
      ++i;
    } else {
      ++j;
    }
  }
  return n;
}

class JaccardPolicy final : public SupersessionPolicy {
 public:
  explicit JaccardPolicy(double threshold) : threshold_(threshold) {}

  // A rerun of a batch (after the map grew) undoes what the failed attempt
  // indexed, newest first, so the state matches the last commit.
  void BeginBatch() override {
    for (auto it = journal_.rbegin(); it != journal_.rend(); ++it) {
      switch (it->kind) {
        case Undo::kPosting:
          postings_[it->token].pop_back();
          break;
        case Undo::kSet:
          sets_[it->atom].clear();
          break;
        case Undo::kRetire:
          retired_[it->atom] = false;
          break;
      }
    }
    journal_.clear();
  }

  void CommitBatch() override { journal_.clear(); }

  Status Choose(const graph::Reader& /*reader*/, const Atom& incoming,
                Cardinality /*cardinality*/, const std::vector<Atom>& current,
                Choice* choice) override {
    for (const Atom& atom : current) {
      if (NormalizeKey(atom.value) == NormalizeKey(incoming.value)) {
        choice->kind = Choice::Kind::kReinforce;
        choice->targets = {atom.id};
        choice->reason = "same value";
        return Status::Ok();
      }
    }
    Tokenize(AtomText(incoming), &incoming_);
    const std::size_t n = incoming_.size();
    ++stamp_;
    AtomId best = kNoAtom;
    double best_score = 0;
    for (std::size_t k = 0; k < PrefixLength(n, threshold_); ++k) {
      for (AtomId id : postings_[incoming_[k]]) {
        if (seen_[id] == stamp_ || retired_[id]) continue;
        seen_[id] = stamp_;
        const std::vector<TokenId>& other = sets_[id];
        // J <= min/max of the sizes: skip sets too small or too large.
        const double m = static_cast<double>(other.size());
        if (m < threshold_ * n || threshold_ * m > n) continue;
        std::size_t o = Overlap(incoming_, other);
        double score =
            static_cast<double>(o) / static_cast<double>(n + other.size() - o);
        if (score > best_score || (score == best_score && id < best)) {
          best_score = score;
          best = id;
        }
      }
    }
    if (best != kNoAtom && best_score > threshold_) {
      choice->kind = Choice::Kind::kSupersede;
      choice->targets = {best};
      choice->reason = "token Jaccard " + std::to_string(best_score) +
                       " with atom #" + std::to_string(best);
      retired_[best] = true;
      journal_.push_back({Undo::kRetire, best, 0});
    } else {
      choice->kind = Choice::Kind::kAdd;
      choice->reason =
          "no current atom above Jaccard " + std::to_string(threshold_);
    }
    return Status::Ok();
  }

  void Stored(const Atom& atom) override {
    Grow(atom.id);
    for (std::size_t k = 0; k < PrefixLength(incoming_.size(), threshold_);
         ++k) {
      postings_[incoming_[k]].push_back(atom.id);
      journal_.push_back({Undo::kPosting, 0, incoming_[k]});
    }
    sets_[atom.id] = incoming_;
    journal_.push_back({Undo::kSet, atom.id, 0});
  }

 private:
  struct Undo {
    enum Kind { kPosting, kSet, kRetire } kind;
    AtomId atom;
    TokenId token;
  };

  void Tokenize(std::string_view text, std::vector<TokenId>* out) {
    out->clear();
    for (std::string& t : WordTokens(text)) {
      auto [it, fresh] = token_ids_.try_emplace(std::move(t), 0);
      if (fresh) {
        it->second = static_cast<TokenId>(token_ids_.size() - 1);
        postings_.emplace_back();
      }
      out->push_back(it->second);
    }
    std::sort(out->begin(), out->end(), std::greater<TokenId>());
  }

  // Atom ids are dense, so per-atom state lives in vectors indexed by id.
  void Grow(AtomId id) {
    if (id < sets_.size()) return;
    std::size_t size = std::max<std::size_t>(id + 1, sets_.size() * 2);
    sets_.resize(size);
    retired_.resize(size, false);
    seen_.resize(size, 0);
  }

  double threshold_;
  std::unordered_map<std::string, TokenId> token_ids_;
  std::vector<std::vector<AtomId>> postings_;  // by token: prefix holders
  std::vector<std::vector<TokenId>> sets_;     // by atom: ordered tokens
  std::vector<bool> retired_;                  // by atom: superseded
  std::vector<std::uint64_t> seen_;            // by atom: last query stamp
  std::uint64_t stamp_ = 0;
  std::vector<TokenId> incoming_;
  std::vector<Undo> journal_;  // this batch's changes, for a rerun
};

}  // namespace

std::vector<std::string> WordTokens(std::string_view text) {
  std::vector<std::string> tokens;
  std::string current;
  for (unsigned char c : text) {
    if (IsWordByte(c)) {
      current.push_back(c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a')
                                             : static_cast<char>(c));
    } else if (!current.empty()) {
      tokens.push_back(std::move(current));
      current.clear();
    }
  }
  if (!current.empty()) tokens.push_back(std::move(current));
  std::sort(tokens.begin(), tokens.end());
  tokens.erase(std::unique(tokens.begin(), tokens.end()), tokens.end());
  return tokens;
}

double TokenJaccard(std::string_view a, std::string_view b) {
  std::vector<std::string> ta = WordTokens(a), tb = WordTokens(b);
  std::vector<std::string> common;
  std::set_intersection(ta.begin(), ta.end(), tb.begin(), tb.end(),
                        std::back_inserter(common));
  const std::size_t uni = ta.size() + tb.size() - common.size();
  return uni == 0 ? 0.0 : static_cast<double>(common.size()) / uni;
}

std::unique_ptr<SupersessionPolicy> MakeJaccardPolicy(double threshold) {
  return std::make_unique<JaccardPolicy>(threshold);
}

}  // namespace factline::resolver
