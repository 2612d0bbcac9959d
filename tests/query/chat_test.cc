// Conversation chunks through Memory::RememberConversation (issue 8 item 7):
// a chunk in which the human states facts about themselves is signal,
// never noise, however little of it the human wrote.
#include <catch2/catch.hpp>
#include <string>

#include "query/query.h"
#include "tests/test_util.h"

namespace factline {
namespace {

using resolver::Action;
using testing::ScratchDir;

// Tool output long enough that the human writes well under 30% of the
// chunk (the strict significance tier).
std::string ToolLog() {
  std::string log;
  for (int i = 1; i <= 12; ++i) {
    log += "step " + std::to_string(i) +
           "/12: pulling layer sha256:9f86d081884c7d659a2feaa0c55ad015a3bf4f1b"
           " done\n";
  }
  return log;
}

// The issue's chunk: the human mentions a team change and a new manager in
// passing, between assistant and tool turns.
std::string SwitchChunk(const std::string& human_line_1,
                        const std::string& human_line_2) {
  return "human: can you check why the deploy is slow?\n"
         "assistant: Sure, let me look at the pipeline logs.\n"
         "tool: " +
         ToolLog() +
         "assistant: Most of the time goes to pulling image layers; the cache "
         "was cold.\n"
         "human: ok thanks. " +
         human_line_1 + "\nhuman: " + human_line_2 +
         "\n"
         "tool: " +
         ToolLog();
}

bool DroppedAsNoise(const RememberReport& report) {
  for (const resolver::Decision& d : report.decisions) {
    if (d.action == Action::kNoise &&
        d.reason.find("low significance") != std::string::npos) {
      return true;
    }
  }
  return false;
}

TEST_CASE("Chat: a human's facts about themselves keep a mostly-tool chunk",
          "[query][chat]") {
  const std::string chunk =
      SwitchChunk("I just switched teams, I'm now on the payments team.",
                  "Also my manager is Priya now, not Dev.");
  auto turns = resolver::SplitTurns(chunk);
  REQUIRE(turns.ok());
  auto screen = resolver::TextScreen::Create(resolver::GateConfig());
  REQUIRE(screen.ok());
  const resolver::Significance s = screen->Score(*turns, 0);
  INFO(s.reason);
  CHECK(s.human_share < 0.3);   // the strict tier applies
  CHECK(s.score < s.required);  // the score alone would drop it
  CHECK(s.keep);
  CHECK(s.reason.find("about themselves") != std::string::npos);

  ScratchDir dir;
  auto memory = Memory::Open(dir.Sub("db"));
  REQUIRE(memory.ok());
  Provenance assistant;
  assistant.origin = Origin::kCloudModel;
  assistant.model_id = "test-model";
  assistant.session_id = "chat-8";
  auto report = (*memory)->RememberConversation(chunk, assistant);
  REQUIRE(report.ok());
  CHECK_FALSE(DroppedAsNoise(*report));
  // Tool turns are still noise, each on its own.
  int tool_noise = 0;
  for (const resolver::Decision& d : report->decisions) {
    tool_noise += d.action == Action::kNoise &&
                  d.reason.find("tool output") != std::string::npos;
  }
  CHECK(tool_noise == 2);
}

TEST_CASE("Chat: the issue's chunk stores the new team and manager",
          "[query][chat]") {
  ScratchDir dir;
  auto memory = Memory::Open(dir.Sub("db"));
  REQUIRE(memory.ok());
  Provenance assistant;
  assistant.origin = Origin::kCloudModel;
  assistant.model_id = "test-model";
  assistant.session_id = "chat-8";
  REQUIRE((*memory)
              ->RememberConversation("human: My manager is Dev.\n", assistant)
              .ok());
  auto report = (*memory)->RememberConversation(
      SwitchChunk("I just switched teams, I'm now on the payments team.",
                  "Also my manager is Priya now, not Dev."),
      assistant);
  INFO((report.ok() ? "" : report.status().message()));
  REQUIRE(report.ok());

  // "I" and "my" in human turns are the user.
  auto team = (*memory)->Current("user", "team");
  REQUIRE(team.ok());
  REQUIRE(team->size() == 1);
  CHECK(NormalizeKey((*team)[0].atom.value) == "payments team");
  CHECK((*team)[0].atom.provenance.origin == Origin::kHuman);

  auto manager = (*memory)->Current("user", "manager");
  REQUIRE(manager.ok());
  REQUIRE(manager->size() == 1);  // Priya superseded Dev: one current value
  CHECK((*manager)[0].atom.value == "Priya");
  REQUIRE((*manager)[0].superseded.size() == 1);
  CHECK((*manager)[0].superseded[0].value == "Dev");
  auto history = (*memory)->History("user", "manager");
  REQUIRE(history.ok());
  REQUIRE(history->size() == 2);
  CHECK((*history)[0].atom.value == "Dev");
  CHECK((*history)[1].atom.value == "Priya");
}

TEST_CASE("Chat: the same chunk without self statements is still noise",
          "[query][chat]") {
  // Same shape and size, but the human only chats: the significance rule
  // is unchanged for such chunks.
  const std::string chunk =
      SwitchChunk("Nice, that makes sense, good to know about that.",
                  "Thanks a lot for checking it so quickly.");
  ScratchDir dir;
  auto memory = Memory::Open(dir.Sub("db"));
  REQUIRE(memory.ok());
  auto report = (*memory)->RememberConversation(chunk, Provenance());
  REQUIRE(report.ok());
  CHECK(DroppedAsNoise(*report));
}

TEST_CASE("Chat: discourse openers are not facts about the speaker",
          "[query][chat]") {
  auto screen = resolver::TextScreen::Create(resolver::GateConfig());
  REQUIRE(screen.ok());
  const std::string tool = "tool: " + ToolLog();
  auto keeps = [&](const std::string& human) {
    auto turns = resolver::SplitTurns("human: " + human + "\n" + tool);
    REQUIRE(turns.ok());
    return screen->Score(*turns, 0).keep;
  };
  CHECK(keeps("My email is sam@example.com."));
  CHECK(keeps("I live in Lisbon."));
  CHECK(keeps("I prefer tea."));
  CHECK(keeps("I'm a backend engineer."));
  CHECK(keeps("My favorite editor is Helix."));
  CHECK(keeps("I now work at Globex."));
  CHECK_FALSE(keeps("My guess is the cache."));
  CHECK_FALSE(keeps("My question is why it hangs."));
  CHECK_FALSE(keeps("Looks good."));
  CHECK_FALSE(keeps("Is my build broken?"));
}

TEST_CASE("Chat: an assistant talking about itself is no fact about the user",
          "[query][chat]") {
  ScratchDir dir;
  auto memory = Memory::Open(dir.Sub("db"));
  REQUIRE(memory.ok());
  Provenance assistant;
  assistant.origin = Origin::kCloudModel;
  assistant.model_id = "test-model";
  assistant.session_id = "chat-9";
  auto report = (*memory)->RememberConversation(
      "human: My email is noor@quill.example. I work on the search team.\n"
      "assistant: Noted. You can reach me at helpdesk@assist.example.\n"
      "assistant: Your email is noor@quill.example, right?\n",
      assistant);
  REQUIRE(report.ok());
  bool refused = false;
  for (const Unparsed& u : report->unparsed) {
    refused = refused || u.text.find("helpdesk@") != std::string::npos;
  }
  CHECK(refused);
  auto user = (*memory)->Entity("user");
  REQUIRE(user.ok());
  for (const FactView& v : *user) {
    INFO(v.atom.relation << " = " << v.atom.value);
    CHECK(v.atom.value.find("helpdesk@") == std::string::npos);
  }
  auto email = (*memory)->Current("user", "email");
  REQUIRE(email.ok());
  REQUIRE(email->size() == 1);
  CHECK((*email)[0].atom.value == "noor@quill.example");
  CHECK((*email)[0].atom.provenance.origin == Origin::kHuman);
}

TEST_CASE("Chat: 'no longer' in a human turn ends the user's value",
          "[query][chat]") {
  ScratchDir dir;
  auto memory = Memory::Open(dir.Sub("db"));
  REQUIRE(memory.ok());
  Provenance assistant;
  assistant.origin = Origin::kCloudModel;
  assistant.model_id = "test-model";
  assistant.session_id = "chat-10";
  REQUIRE(
      (*memory)
          ->RememberConversation("human: I'm on the growth team.\n", assistant)
          .ok());
  auto team = (*memory)->Current("user", "team");
  REQUIRE(team.ok());
  REQUIRE(team->size() == 1);
  auto report = (*memory)->RememberConversation(
      SwitchChunk("I'm no longer on the growth team.",
                  "Also my manager is Priya now, not Dev."),
      assistant);
  REQUIRE(report.ok());
  CHECK_FALSE(DroppedAsNoise(*report));
  team = (*memory)->Current("user", "team");
  REQUIRE(team.ok());
  CHECK(team->empty());
  auto history = (*memory)->History("user", "team");
  REQUIRE(history.ok());
  REQUIRE(history->size() == 1);  // kept, with its stated end
  CHECK((*history)[0].atom.valid_to != kForever);
}

}  // namespace
}  // namespace factline
