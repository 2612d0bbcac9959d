// The similarity-threshold supersession baseline (see MakeJaccardPolicy).
//
// An inverted index from token to the current atoms containing it finds, for
// each incoming atom, every current atom sharing at least one token; the
// Jaccard score follows from the shared-token count and the two set sizes.
#include <algorithm>
#include <unordered_map>
#include <unordered_set>

#include "resolver/resolver.h"

namespace factline::resolver {

namespace {

bool IsWordByte(unsigned char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
         (c >= '0' && c <= '9') || c >= 0x80;
}

std::string AtomText(const Atom& atom) {
  if (!atom.text.empty()) return atom.text;
  return atom.subject + " " + atom.relation + " " + atom.value;
}

class JaccardPolicy final : public SupersessionPolicy {
 public:
  explicit JaccardPolicy(double threshold) : threshold_(threshold) {}

  void BeginBatch() override { ClearPending(); }

  void CommitBatch() override {
    for (AtomId id : pending_retired_) Retire(id);
    for (auto& [id, tokens] : pending_) Index(id, tokens);
    ClearPending();
  }

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
    incoming_tokens_ = WordTokens(AtomText(incoming));
    std::unordered_map<AtomId, int> shared;
    auto count =
        [&](const std::unordered_map<std::string, std::vector<AtomId>>& index,
            const std::string& token) {
          auto it = index.find(token);
          if (it == index.end()) return;
          for (AtomId id : it->second) ++shared[id];
        };
    for (const auto& token : incoming_tokens_) {
      count(postings_, token);
      count(pending_postings_, token);
    }
    AtomId best = kNoAtom;
    double best_score = 0;
    for (auto [id, n] : shared) {
      if (retired_.count(id) || pending_retired_.count(id)) continue;
      auto size = SizeOf(id);
      double score = static_cast<double>(n) /
                     static_cast<double>(incoming_tokens_.size() + size - n);
      if (score > best_score || (score == best_score && id < best)) {
        best_score = score;
        best = id;
      }
    }
    if (best != kNoAtom && best_score > threshold_) {
      choice->kind = Choice::Kind::kSupersede;
      choice->targets = {best};
      choice->reason = "token Jaccard " + std::to_string(best_score) +
                       " with atom #" + std::to_string(best);
      pending_retired_.insert(best);
    } else {
      choice->kind = Choice::Kind::kAdd;
      choice->reason =
          "no current atom above Jaccard " + std::to_string(threshold_);
    }
    return Status::Ok();
  }

  void Stored(const Atom& atom) override {
    pending_.emplace_back(atom.id, incoming_tokens_);
    for (const auto& token : incoming_tokens_) {
      pending_postings_[token].push_back(atom.id);
    }
    pending_sizes_[atom.id] = incoming_tokens_.size();
  }

 private:
  std::size_t SizeOf(AtomId id) const {
    auto it = sizes_.find(id);
    if (it != sizes_.end()) return it->second;
    return pending_sizes_.at(id);
  }
  void Index(AtomId id, const std::vector<std::string>& tokens) {
    for (const auto& token : tokens) postings_[token].push_back(id);
    sizes_[id] = tokens.size();
  }
  void Retire(AtomId id) { retired_.insert(id); }
  void ClearPending() {
    pending_.clear();
    pending_postings_.clear();
    pending_sizes_.clear();
    pending_retired_.clear();
  }

  double threshold_;
  std::vector<std::string> incoming_tokens_;
  std::unordered_map<std::string, std::vector<AtomId>> postings_;
  std::unordered_map<AtomId, std::size_t> sizes_;
  std::unordered_set<AtomId> retired_;
  // State of the batch in progress; dropped by BeginBatch on a retry.
  std::vector<std::pair<AtomId, std::vector<std::string>>> pending_;
  std::unordered_map<std::string, std::vector<AtomId>> pending_postings_;
  std::unordered_map<AtomId, std::size_t> pending_sizes_;
  std::unordered_set<AtomId> pending_retired_;
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
