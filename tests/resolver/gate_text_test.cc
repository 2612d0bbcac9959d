// Parse-time screening: noise, transient, hedging, role tags and the
// significance tiers of conversation chunks.
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "resolver/resolver.h"
#include "tests/test_util.h"

namespace factline::resolver {
namespace {

const TextScreen& Screen() {
  static TextScreen* screen =
      new TextScreen(TextScreen::Create(GateConfig()).value());
  return *screen;
}

GateOutcome OutcomeOf(std::string_view text) {
  return Screen().Screen(text).outcome;
}

TEST_CASE("Gate text: tool output is noise", "[resolver][gate]") {
  const char* noise[] = {
      "HTTP/1.1 404 Not Found",
      "HTTP/2 500",
      "GET /api/users HTTP/1.1",
      "404 Not Found",
      "total 48",
      "drwxr-xr-x  2 root root 4096 Mar  3 10:01 bin",
      "-rw-r--r--  1 user staff 1234 Jan  1 12:00 notes.txt",
      "lrwxrwxrwx 1 root root 7 Jan 1 2024 lib -> usr/lib",
      "No files found",
      "No files found.",
      "No matches found",
      "0 results found",
      "ls: cannot access 'foo': No such file or directory",
      "cat: /etc/shadow: Permission denied",
      "bash: fdfind: command not found",
      "Error: ENOENT: no such file or directory, open '/x/y.json'",
      "src/main.cc:12:5: error: expected ';' before '}' token",
      "$ ls -l",
      "user@host:~/src$ git status",
      "> npm install",
      "Traceback (most recent call last):",
      "File \"/app/main.py\", line 42, in <module>",
      "at com.example.Foo.bar(Foo.java:42)",
      "at Object.<anonymous> (/app/index.js:10:5)",
      "ValueError: invalid literal for int() with base 10: 'x'",
      "java.lang.NullPointerException",
      "fatal: not a git repository (or any of the parent directories): .git",
      "Segmentation fault (core dumped)",
      "exit code 127",
      "2026-11-29T14:05:00Z INFO server started on :8080",
      "[ERROR] build failed",
      "----------------",
      "{} [] ...",
  };
  for (const char* line : noise) {
    INFO(line);
    GateVerdict v = Screen().Screen(line);
    CHECK(v.outcome == GateOutcome::kNoise);
    CHECK(v.stage == "noise");
    CHECK_FALSE(v.reason.empty());
  }
  // Titles and dates without letters are values, not noise (issue 9).
  for (const char* value : {"8½", "1984", "π", "2027-01-31", "12345"}) {
    INFO(value);
    CHECK(Screen().Screen(value).outcome == GateOutcome::kPass);
  }
}

TEST_CASE("Gate text: momentary state is transient", "[resolver][gate]") {
  const char* transient[] = {
      "The current date is 2026-11-29.",
      "The current time is 14:05.",
      "current date is Friday",
      "it is 3pm",
      "It's 3:30 pm.",
      "It is now midnight.",
      "the user is currently typing",
      "The user is typing...",
      "User is away from the keyboard.",
      "The user is now offline.",
      "Sam is still waiting for the build.",
      "Today is Monday.",
      "Right now it's raining.",
      "The weather is sunny today.",
  };
  for (const char* line : transient) {
    INFO(line);
    GateVerdict v = Screen().Screen(line);
    CHECK(v.outcome == GateOutcome::kTransient);
    CHECK(v.stage == "transient");
  }
}

TEST_CASE("Gate text: facts and ordinary sentences pass", "[resolver][gate]") {
  const char* pass[] = {
      "Joseph works at KodeFoundry.",
      "Prefers dark mode in all apps.",
      "Sarah is the user's CTO.",
      "User likes coffee.",
      "User lives in Beirut.",
      "I cannot open the door without the key.",
      "Error handling matters to the team.",
      "The user works from home on Fridays.",
      "Yesterday and Today was performed by The Beatles.",
      "The name of the current head of state in United Kingdom is Elizabeth "
      "II.",
      "Total recall is a film by Paul Verhoeven.",
      "Joseph is currently working at KodeFoundry.",
      "Ann is currently living in Lisbon.",
      "The shop is online only.",
  };
  for (const char* line : pass) {
    INFO(line);
    CHECK(OutcomeOf(line) == GateOutcome::kPass);
  }
}

TEST_CASE("Gate text: no FactConsolidation fact is screened out or hedged",
          "[resolver][gate]") {
  const auto doc = nlohmann::json::parse(testing::ReadFile(testing::SourcePath(
      "datasets/factconsolidation/Conflict_Resolution.json")));
  Parser parser = Parser::Create(Lexicon::Builtin()).value();
  std::size_t lines = 0;
  for (const auto& row : doc) {
    const std::string context = row["context"];
    std::size_t start = 0;
    while (start < context.size()) {
      std::size_t end = context.find('\n', start);
      if (end == std::string::npos) end = context.size();
      const std::string line = context.substr(start, end - start);
      start = end + 1;
      std::optional<std::int64_t> serial;
      const std::string_view text = StripSerial(line, &serial);
      if (!serial) continue;
      ++lines;
      INFO(text);
      REQUIRE(OutcomeOf(text) == GateOutcome::kPass);
      auto fact = parser.ParseSentence(text);
      if (!fact.ok()) continue;
      std::vector<std::string> found;
      CHECK(Screen().Hedge(text, 1.0, {fact->subject, fact->value}, &found) ==
            1.0);
    }
  }
  CHECK(lines > 50000);
}

TEST_CASE("Gate text: hedged wording lowers confidence", "[resolver][gate]") {
  std::vector<std::string> found;
  const double c = Screen().Hedge(
      "User might be considering thinking about starting a project", 1.0, {},
      &found);
  CHECK(found ==
        std::vector<std::string>{"might", "considering", "thinking about"});
  CHECK(c == Approx(0.7 * 0.7 * 0.7));
  CHECK(c < GateConfig().confidence.reject_below);
  // One hedge lands in the review band.
  CHECK(Screen().Hedge("User probably lives in Oslo", 1.0) == Approx(0.7));
  // Names are no hedge: masked, and "May" is not "may".
  CHECK(Screen().Hedge("Theresa May worked in the city of London.", 1.0,
                       {"Theresa May", "London"}) == 1.0);
  CHECK(Screen().Hedge("Kind of Blue was performed by Miles Davis.", 1.0,
                       {"Kind of Blue", "Miles Davis"}) == 1.0);
  CHECK(Screen().Hedge("It may rain.", 1.0) == Approx(0.7));
  GateConfig config;
  config.hedging.factor = 0.5;
  config.hedging.extra_phrases = {"rumour has it"};
  auto custom = TextScreen::Create(config);
  REQUIRE(custom.ok());
  CHECK(custom->Hedge("Rumour has it Bo moved.", 0.8) == Approx(0.4));
}

TEST_CASE("Gate text: role tags split a chunk into turns", "[resolver][gate]") {
  auto turns = SplitTurns(
      "human: We decided to ship on Friday.\n"
      "Also the demo moves.\n"
      "[tool] total 48\n"
      "Assistant: Noted.\n"
      "system: be brief\n"
      "User: thanks");
  REQUIRE(turns.ok());
  REQUIRE(turns->size() == 5);
  CHECK((*turns)[0].role == Role::kHuman);
  CHECK((*turns)[0].text ==
        "We decided to ship on Friday.\nAlso the demo moves.");
  CHECK((*turns)[1].role == Role::kTool);
  CHECK((*turns)[1].text == "total 48");
  CHECK((*turns)[2].role == Role::kAssistant);
  CHECK((*turns)[3].role == Role::kSystem);
  CHECK((*turns)[4].role == Role::kHuman);
  CHECK(SplitTurns("no tags here").status().IsInvalidArgument());
  CHECK(SplitTurns("").status().IsInvalidArgument());
  CHECK(SplitTurns("human: a\xFF").status().IsInvalidArgument());
}

TEST_CASE("Gate text: significance tiers follow the share of human text",
          "[resolver][gate]") {
  // At least 30% human text: a score of 5 is enough.
  auto high = SplitTurns(
      "human: We decided to use Postgres for the billing service.\n"
      "assistant: Got it.");
  REQUIRE(high.ok());
  Significance s = Screen().Score(*high, 0);
  CHECK(s.human_share >= 0.3);
  CHECK(s.required == 5);
  CHECK(s.keep);
  CHECK(s.reason.find("decision") != std::string::npos);

  // Some human text (1-29%): needs 10; a preference alone scores 4 (a
  // general one: "I prefer tea" states a fact about the speaker, which
  // keeps any chunk; tests/query/chat_test.cc).
  std::string tool(400, 'x');
  auto low = SplitTurns("human: Always use tabs.\ntool: " + tool);
  REQUIRE(low.ok());
  s = Screen().Score(*low, 0);
  CHECK(s.human_share > 0);
  CHECK(s.human_share < 0.3);
  CHECK(s.required == 10);
  CHECK_FALSE(s.keep);
  // ... a lesson plus a parsed fact clears it.
  auto lesson = SplitTurns(
      "human: Lesson learned: the root cause was the cache.\ntool: " + tool);
  REQUIRE(lesson.ok());
  CHECK(Screen().Score(*lesson, 1).keep);

  // No human text: needs 15. Tool output never scores.
  auto none = SplitTurns(
      "assistant: Running the tests.\ntool: fixed resolved shipped decided");
  REQUIRE(none.ok());
  s = Screen().Score(*none, 0);
  CHECK(s.human_share == 0);
  CHECK(s.required == 15);
  CHECK_FALSE(s.keep);
  auto outcome = SplitTurns(
      "assistant: We decided to roll back; the deploy failed because of a "
      "bad migration, now fixed.");
  REQUIRE(outcome.ok());
  s = Screen().Score(*outcome, 0);
  CHECK(s.score >= 15);
  CHECK(s.keep);

  GateConfig config;
  config.significance.min_score_none = 40;
  auto strict = TextScreen::Create(config);
  REQUIRE(strict.ok());
  CHECK_FALSE(strict->Score(*outcome, 0).keep);
}

TEST_CASE("Gate text: disabled filters pass everything", "[resolver][gate]") {
  GateConfig config;
  config.noise.enabled = false;
  config.transient.enabled = false;
  auto screen = TextScreen::Create(config);
  REQUIRE(screen.ok());
  CHECK(screen->Screen("HTTP/1.1 404 Not Found").outcome == GateOutcome::kPass);
  CHECK(screen->Screen("it is 3pm").outcome == GateOutcome::kPass);
  config.noise.enabled = true;
  config.noise.extra_patterns = {"^BUILD (?:OK|FAILED)$"};
  auto extra = TextScreen::Create(config);
  REQUIRE(extra.ok());
  GateVerdict v = extra->Screen("BUILD FAILED");
  CHECK(v.outcome == GateOutcome::kNoise);
  CHECK(v.reason.find("BUILD") != std::string::npos);
}

}  // namespace
}  // namespace factline::resolver
