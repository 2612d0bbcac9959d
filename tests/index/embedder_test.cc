#include <catch2/catch.hpp>
#include <cmath>
#include <string>
#include <vector>

#include "index/index.h"

namespace factline::index {
namespace {

// MakeHashEmbedder(256).Embed("Nobuhiro Watsuki"): buckets in use and
// sum of index * value.
constexpr std::size_t kPinnedNonzero = 29;
constexpr double kPinnedWeighted = -221.492880;

std::vector<float> Embed(const Embedder& e, std::string_view text) {
  Result<std::vector<float>> v = e.Embed(text);
  REQUIRE(v.ok());
  return std::move(v).value();
}

double Cosine(const std::vector<float>& a, const std::vector<float>& b) {
  double dot = 0;
  for (std::size_t i = 0; i < a.size(); ++i) dot += double{a[i]} * b[i];
  return dot;
}

TEST_CASE("HashEmbedder: unit vectors of the configured dimension", "[index]") {
  auto e = MakeHashEmbedder();
  CHECK(e->dimension() == 256);
  CHECK(e->id() == "hash-ngram-v1");
  const std::vector<float> v = Embed(*e, "Nobuhiro Watsuki");
  REQUIRE(v.size() == 256);
  CHECK(Cosine(v, v) == Approx(1.0).epsilon(1e-6));
  auto small = MakeHashEmbedder(64);
  CHECK(Embed(*small, "Hey Jude").size() == 64);
  // Nothing to embed: the zero vector, not an error.
  const std::vector<float> zero = Embed(*e, " ,.!? ");
  CHECK(Cosine(zero, zero) == 0.0);
}

TEST_CASE("HashEmbedder: ignores case, punctuation and word order", "[index]") {
  auto e = MakeHashEmbedder();
  const std::vector<float> a = Embed(*e, "Hey Jude");
  CHECK(Embed(*e, "hey  JUDE!") == a);
  CHECK(Embed(*e, "Jude, Hey") == a);
  CHECK(Embed(*e, "\"Hey Jude\".") == a);
}

TEST_CASE("HashEmbedder: similar names are close, unrelated ones are not",
          "[index]") {
  auto e = MakeHashEmbedder();
  const auto watsuki = Embed(*e, "Nobuhiro Watsuki");
  CHECK(Cosine(watsuki, Embed(*e, "Nobuhiro Watsuky")) > 0.7);
  CHECK(Cosine(watsuki, Embed(*e, "Watsuki")) > 0.6);
  CHECK(Cosine(watsuki, Embed(*e, "Amy Winehouse")) < 0.3);
  // Stopwords weigh little.
  CHECK(Cosine(Embed(*e, "The Beatles"), Embed(*e, "Beatles")) > 0.95);
}

TEST_CASE("HashEmbedder: identical on every run and machine", "[index]") {
  // Pinned output: a change here changes every stored index (bump the id).
  auto e = MakeHashEmbedder();
  const std::vector<float> v = Embed(*e, "Nobuhiro Watsuki");
  std::size_t nonzero = 0;
  double weighted = 0;
  for (std::size_t i = 0; i < v.size(); ++i) {
    if (v[i] != 0) ++nonzero;
    weighted += static_cast<double>(i) * v[i];
  }
  CHECK(nonzero == kPinnedNonzero);
  CHECK(weighted == Approx(kPinnedWeighted).margin(1e-4));
}

TEST_CASE("HashEmbedder: bad dimensions are refused when used", "[index]") {
  for (int dim : {0, 7, 4097}) {
    auto e = MakeHashEmbedder(dim);
    Result<std::vector<float>> v = e->Embed("x");
    CHECK(v.status().IsInvalidArgument());
  }
}

}  // namespace
}  // namespace factline::index
