// The built-in hashed n-gram embedder.
//
// Why these features: entity names arrive with typos, other casing, extra
// words and words in another order. Character 3-grams of each word (with
// boundary markers, so "jude" gives "<ju", "jud", "ude", "de>") survive a
// one-letter edit in all but three grams, and because grams never span two
// words the vector ignores word order. Whole-word features reward exact
// words; 4-grams sharpen long words. Stopwords carry little weight so "the
// Beatles" and "Beatles" stay close. Features are hashed into `dimension`
// buckets with a random sign (the "hashing trick"), which keeps collisions
// unbiased.
#include <array>
#include <cmath>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "index/index.h"

namespace factline::index {
namespace {

constexpr int kMinDimension = 8;
constexpr int kMaxDimension = 4096;

// Seeds keep the feature families apart (a 3-gram never collides by
// construction with a whole word of the same bytes).
constexpr std::uint64_t kGram3Seed = 0x9e3779b97f4a7c15ull;
constexpr std::uint64_t kGram4Seed = 0xc2b2ae3d27d4eb4full;
constexpr std::uint64_t kWordSeed = 0x165667b19e3779f9ull;

constexpr double kGram3Weight = 1.0;
constexpr double kGram4Weight = 0.5;
constexpr double kWordWeight = 1.5;
constexpr double kStopwordScale = 0.2;

constexpr char kWordStart = '\x02';
constexpr char kWordEnd = '\x03';

// splitmix64's finaliser: spreads FNV's weak low bits.
std::uint64_t Mix(std::uint64_t x) {
  x ^= x >> 30;
  x *= 0xbf58476d1ce4e5b9ull;
  x ^= x >> 27;
  x *= 0x94d049bb133111ebull;
  x ^= x >> 31;
  return x;
}

// FNV-1a over the bytes, seeded, then mixed. Fixed forever: changing it
// changes every stored vector (bump kId if you must).
std::uint64_t HashFeature(std::uint64_t seed, std::string_view bytes) {
  std::uint64_t h = 0xcbf29ce484222325ull ^ seed;
  for (char c : bytes) {
    h ^= static_cast<unsigned char>(c);
    h *= 0x100000001b3ull;
  }
  return Mix(h);
}

bool IsStopword(std::string_view w) {
  static constexpr std::array<std::string_view, 13> kStopwords = {
      "the", "of", "a",   "an", "and", "in", "on",
      "at",  "to", "for", "by", "de",  "la"};
  for (std::string_view s : kStopwords) {
    if (w == s) return true;
  }
  return false;
}

// Lower-cases ASCII and splits on everything that is not a letter, digit or
// non-ASCII byte. Typographic quotes (U+2018, U+2019) split too.
std::vector<std::string> Words(std::string_view text) {
  std::vector<std::string> words;
  bool last_was_single = false;
  std::string cur;
  auto flush = [&] {
    if (!cur.empty()) words.push_back(std::move(cur));
    cur.clear();
  };
  for (std::size_t i = 0; i < text.size(); ++i) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (c == 0xE2 && i + 2 < text.size() &&
        static_cast<unsigned char>(text[i + 1]) == 0x80 &&
        (static_cast<unsigned char>(text[i + 2]) == 0x98 ||
         static_cast<unsigned char>(text[i + 2]) == 0x99)) {
      flush();
      i += 2;
      continue;
    }
    if (c >= 'A' && c <= 'Z') {
      cur.push_back(static_cast<char>(c - 'A' + 'a'));
    } else if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c >= 0x80) {
      cur.push_back(static_cast<char>(c));
    } else {
      flush();
    }
  }
  flush();
  // Initialisms: runs of one-letter words become one word, so "D.C.",
  // "D. C." and "DC" (and "J. R. R." and "JRR") embed alike.
  std::vector<std::string> merged;
  for (std::string& w : words) {
    if (w.size() == 1 && !merged.empty() && !merged.back().empty() &&
        merged.back().size() < 8 && last_was_single) {
      merged.back() += w;
      continue;
    }
    last_was_single = w.size() == 1;
    merged.push_back(std::move(w));
  }
  return merged;
}

class HashEmbedder final : public Embedder {
 public:
  explicit HashEmbedder(int dimension) : dimension_(dimension) {}

  int dimension() const override { return dimension_; }
  std::string id() const override { return "hash-ngram-v1"; }

  Result<std::vector<float>> Embed(std::string_view text) const override {
    if (dimension_ < kMinDimension || dimension_ > kMaxDimension) {
      return Status::InvalidArgument("hash embedder dimension must be in [" +
                                     std::to_string(kMinDimension) + ", " +
                                     std::to_string(kMaxDimension) + "], got " +
                                     std::to_string(dimension_));
    }
    std::vector<double> acc(static_cast<std::size_t>(dimension_), 0.0);
    auto add = [&](std::uint64_t seed, std::string_view feature,
                   double weight) {
      const std::uint64_t h = HashFeature(seed, feature);
      const std::size_t bucket = static_cast<std::size_t>(
          (h >> 1) % static_cast<std::uint64_t>(dimension_));
      acc[bucket] += (h & 1) ? weight : -weight;
    };
    std::string padded;
    for (const std::string& word : Words(text)) {
      const double scale = IsStopword(word) ? kStopwordScale : 1.0;
      add(kWordSeed, word, kWordWeight * scale);
      padded.clear();
      padded.push_back(kWordStart);
      padded += word;
      padded.push_back(kWordEnd);
      const std::string_view p = padded;
      for (std::size_t i = 0; i + 3 <= p.size(); ++i) {
        add(kGram3Seed, p.substr(i, 3), kGram3Weight * scale);
      }
      if (word.size() >= 4) {
        for (std::size_t i = 0; i + 4 <= p.size(); ++i) {
          add(kGram4Seed, p.substr(i, 4), kGram4Weight * scale);
        }
      }
    }
    double norm = 0;
    for (double v : acc) norm += v * v;
    std::vector<float> out(acc.size(), 0.0f);
    if (norm > 0) {
      const double inv = 1.0 / std::sqrt(norm);
      for (std::size_t i = 0; i < acc.size(); ++i) {
        out[i] = static_cast<float>(acc[i] * inv);
      }
    }
    return out;
  }

 private:
  int dimension_;
};

}  // namespace

std::unique_ptr<Embedder> MakeHashEmbedder(int dimension) {
  return std::make_unique<HashEmbedder>(dimension);
}

}  // namespace factline::index
