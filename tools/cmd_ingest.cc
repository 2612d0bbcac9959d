// factline ingest: text (one fact per line), JSONL atoms, or a
// FactConsolidation JSON row, written in batches of --batch lines.
#include <algorithm>
#include <cstdio>
#include <iostream>
#include <limits>
#include <optional>
#include <sstream>
#include <unordered_map>

#include "tools/cli.h"

namespace factline::cli {

namespace {

struct IngestOptions {
  std::string file = "-";
  std::string format = "auto";
  std::string split = "factconsolidation_sh_6k";
  std::string source;
  std::string origin;  // empty: human, or dataset for factconsolidation
  std::string model;
  std::string session;
  std::string category = "fact";
  double confidence = 1.0;
  bool serial_time = false;
  bool allow_unknown_keys = false;
  std::size_t batch = 10000;
};

// One input line with its 1-based line number.
struct Line {
  std::size_t number;
  std::string text;
};

struct Tally {
  std::size_t lines = 0;
  std::size_t counts[resolver::kActionCount] = {};  // by resolver::Action
  nlohmann::json unparsed = nlohmann::json::array();
  std::size_t committed_batches = 0;
  std::size_t last_committed_line = 0;
};

// The input text; a file that cannot be read is bad input (exit 3), like
// a file of bad lines, not a store failure.
Result<std::string> ReadInput(const std::string& file) {
  if (file == "-") {
    std::stringstream buf;
    buf << std::cin.rdbuf();
    return buf.str();
  }
  auto text = ReadFile(file);
  if (!text.ok() && !text.status().IsInvalidArgument()) {
    return Status::InvalidArgument("input " + text.status().message());
  }
  return text;
}

std::vector<Line> SplitLines(const std::string& text) {
  std::vector<Line> lines;
  std::size_t start = 0, number = 1;
  while (start < text.size()) {
    std::size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    std::string line = text.substr(start, end - start);
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (!CleanDisplay(line).empty()) lines.push_back({number, line});
    start = end + 1;
    ++number;
  }
  return lines;
}

// Lines of the FactConsolidation row named `split`, header dropped.
Result<std::vector<Line>> FactConsolidationLines(const std::string& text,
                                                 const std::string& split) {
  auto doc = nlohmann::json::parse(text, nullptr, false);
  if (doc.is_discarded() || !doc.is_array()) {
    return Status::InvalidArgument(
        "not a Conflict_Resolution JSON file (expected an array of rows)");
  }
  for (const auto& row : doc) {
    if (!row.is_object() || !row.contains("metadata") ||
        !row["metadata"].is_object() || !row.contains("context") ||
        !row["context"].is_string()) {
      continue;
    }
    const auto& source = row["metadata"].value("source", nlohmann::json());
    if (source != split) continue;
    std::vector<Line> lines = SplitLines(row["context"].get<std::string>());
    if (!lines.empty() &&
        lines[0].text.rfind("Here is a list of facts", 0) == 0) {
      lines.erase(lines.begin());
    }
    return lines;
  }
  return Status::InvalidArgument("no row with metadata.source '" + split + "'");
}

// The keys a JSONL atom may carry; anything else is a typo that would be
// silently ignored ("confidance": 0.1 stored at confidence 1.0).
constexpr const char* kAtomKeys[] = {
    "subject",  "relation",   "value",    "category",   "origin",
    "model_id", "session_id", "source",   "confidence", "verification",
    "tx_time",  "valid_from", "valid_to", "cardinality"};

// NUL and the other C0 control characters (and DEL) never belong in a name
// or value; they come from broken exports and make keys that cannot be
// typed back.
Status CheckControlChars(const char* field, const std::string& text) {
  for (std::size_t i = 0; i < text.size(); ++i) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (c < 0x20 || c == 0x7F) {
      char code[8];
      std::snprintf(code, sizeof code, "0x%02X", c);
      return Status::InvalidArgument(std::string("field '") + field +
                                     "' holds control character " + code +
                                     " at byte " + std::to_string(i));
    }
  }
  return Status::Ok();
}

// One time field: an ISO string (ParseTimestamp) or an integer within the
// years -9999..9999 (2^64-1 and INT64_MIN are refused, not wrapped).
Status ReadTime(const nlohmann::json& v, const char* field, Timestamp* out) {
  if (v.is_string()) {
    auto t = ParseTimestamp(v.get<std::string>());
    if (!t.ok())
      return t.status().WithContext(std::string("field '") + field + "'");
    *out = *t;
    return Status::Ok();
  }
  if (v.is_number_unsigned() &&
      v.get<std::uint64_t>() >
          static_cast<std::uint64_t>(std::numeric_limits<Timestamp>::max())) {
    return Status::InvalidArgument(std::string("field '") + field + "': " +
                                   v.dump() + " does not fit a 64-bit time");
  }
  if (v.is_number_integer()) {
    const Timestamp t = v.get<Timestamp>();
    FACTLINE_RETURN_IF_ERROR(
        CheckTimeRange(t, std::to_string(t))
            .WithContext(std::string("field '") + field + "'"));
    *out = t;
    return Status::Ok();
  }
  return Status::InvalidArgument(std::string("field '") + field +
                                 "' must be a time string or an integer, not " +
                                 v.dump());
}

struct JsonAtom {
  Atom atom;
  std::optional<Cardinality> cardinality;  // the line's `cardinality` field
};

Result<JsonAtom> AtomFromJson(const std::string& line,
                              const Provenance& defaults,
                              bool allow_unknown_keys) {
  // A key given twice would be kept once, the last value silently winning
  // ({"subject":"Ann",...,"subject":"Bob"} stored as Bob): the parser
  // callback sees each key of each object and the line is refused.
  std::vector<std::vector<std::string>> keys_of;  // one per open object
  std::string duplicate;
  auto j = nlohmann::json::parse(
      line,
      [&](int, nlohmann::json::parse_event_t event, nlohmann::json& parsed) {
        using Event = nlohmann::json::parse_event_t;
        if (event == Event::object_start) {
          keys_of.emplace_back();
        } else if (event == Event::object_end && !keys_of.empty()) {
          keys_of.pop_back();
        } else if (event == Event::key && !keys_of.empty() &&
                   parsed.is_string()) {
          std::vector<std::string>& keys = keys_of.back();
          const std::string& key = parsed.get_ref<const std::string&>();
          if (std::find(keys.begin(), keys.end(), key) != keys.end()) {
            if (duplicate.empty()) duplicate = key;
          } else {
            keys.push_back(key);
          }
        }
        return true;
      },
      false);
  if (j.is_discarded()) return Status::InvalidArgument("malformed JSON");
  if (!duplicate.empty()) {
    return Status::InvalidArgument("key '" + duplicate.substr(0, 80) +
                                   "' appears twice in one object");
  }
  if (!j.is_object()) return Status::InvalidArgument("not a JSON object");
  if (!allow_unknown_keys) {
    for (const auto& item : j.items()) {
      // A named copy, not a structured binding: clang before 16 cannot
      // capture a binding in a lambda.
      const std::string& key = item.key();
      if (std::find_if(std::begin(kAtomKeys), std::end(kAtomKeys),
                       [&](const char* k) { return key == k; }) ==
          std::end(kAtomKeys)) {
        return Status::InvalidArgument(
            "unknown key '" + key.substr(0, 80) +
            "' (known: subject, relation, value, category, origin, model_id, "
            "session_id, source, confidence, verification, tx_time, "
            "valid_from, valid_to, cardinality; --allow-unknown-keys skips "
            "others)");
      }
    }
  }
  JsonAtom out;
  Atom& atom = out.atom;
  atom.provenance = defaults;
  for (const char* field : {"subject", "relation", "value"}) {
    if (!j.contains(field) || !j[field].is_string()) {
      return Status::InvalidArgument(std::string("missing string field '") +
                                     field + "'");
    }
  }
  atom.subject = j["subject"].get<std::string>();
  atom.relation = j["relation"].get<std::string>();
  atom.value = j["value"].get<std::string>();
  auto str = [&](const char* field, std::string* out) -> Status {
    if (!j.contains(field)) return Status::Ok();
    if (!j[field].is_string()) {
      return Status::InvalidArgument(std::string("field '") + field +
                                     "' must be a string");
    }
    *out = j[field].get<std::string>();
    return CheckControlChars(field, *out);
  };
  std::string text;
  FACTLINE_RETURN_IF_ERROR(str("model_id", &atom.provenance.model_id));
  FACTLINE_RETURN_IF_ERROR(str("session_id", &atom.provenance.session_id));
  FACTLINE_RETURN_IF_ERROR(str("source", &atom.provenance.source));
  FACTLINE_RETURN_IF_ERROR(CheckControlChars("subject", atom.subject));
  FACTLINE_RETURN_IF_ERROR(CheckControlChars("relation", atom.relation));
  FACTLINE_RETURN_IF_ERROR(CheckControlChars("value", atom.value));
  if (j.contains("category")) {
    FACTLINE_RETURN_IF_ERROR(str("category", &text));
    FACTLINE_ASSIGN_OR_RETURN(atom.category, ParseCategory(text));
  }
  if (j.contains("origin")) {
    FACTLINE_RETURN_IF_ERROR(str("origin", &text));
    FACTLINE_ASSIGN_OR_RETURN(atom.provenance.origin, ParseOrigin(text));
  }
  if (j.contains("verification")) {
    FACTLINE_RETURN_IF_ERROR(str("verification", &text));
    FACTLINE_ASSIGN_OR_RETURN(atom.provenance.verification,
                              ParseVerification(text));
  }
  if (j.contains("cardinality")) {
    FACTLINE_RETURN_IF_ERROR(str("cardinality", &text));
    if (text == "one") {
      out.cardinality = Cardinality::kOne;
    } else if (text == "many") {
      out.cardinality = Cardinality::kMany;
    } else {
      return Status::InvalidArgument(
          "field 'cardinality' must be \"one\" or "
          "\"many\", not '" +
          text.substr(0, 40) + "'");
    }
  }
  if (j.contains("confidence")) {
    if (!j["confidence"].is_number()) {
      return Status::InvalidArgument("field 'confidence' must be a number");
    }
    atom.provenance.confidence = j["confidence"].get<double>();
    if (!(atom.provenance.confidence >= 0 && atom.provenance.confidence <= 1)) {
      return Status::InvalidArgument(
          "field 'confidence' must be in [0, 1], "
          "not " +
          j["confidence"].dump());
    }
  }
  for (auto [field, out_time] :
       {std::pair<const char*, Timestamp*>{"tx_time", &atom.tx_time},
        {"valid_from", &atom.valid_from},
        {"valid_to", &atom.valid_to}}) {
    if (!j.contains(field) || j[field].is_null()) continue;
    FACTLINE_RETURN_IF_ERROR(ReadTime(j[field], field, out_time));
  }
  if (atom.valid_from != kNoTime && atom.valid_to != kForever &&
      atom.valid_to < atom.valid_from) {
    return Status::InvalidArgument(
        "valid_to " + FormatTimestamp(atom.valid_to) +
        " is before valid_from " + FormatTimestamp(atom.valid_from));
  }
  FACTLINE_RETURN_IF_ERROR(resolver::ValidateAtom(atom));
  return out;
}

// The batch position a resolver or parser error names ("atom #12 (subject
// ...): ...", "line #12: ...", "fact #12: ..."), so the message can name
// the input line; 0 if none.
std::size_t BatchIndexOf(const Status& status, std::size_t batch_size) {
  const std::string& m = status.message();
  for (const char* prefix : {"atom #", "line #", "fact #"}) {
    if (m.rfind(prefix, 0) != 0) continue;
    std::size_t at = std::string_view(prefix).size(), index = 0;
    bool digits = false;
    while (at < m.size() && m[at] >= '0' && m[at] <= '9' &&
           index < batch_size) {
      index = index * 10 + static_cast<std::size_t>(m[at++] - '0');
      digits = true;
    }
    if (digits && index < batch_size) return index;
  }
  return 0;
}

// At most `bytes` bytes of `text`, cut at a UTF-8 character boundary, with
// "..." when cut.
std::string Shorten(const std::string& text, std::size_t bytes) {
  if (text.size() <= bytes) return text;
  std::size_t end = bytes;
  while (end > 0 && (static_cast<unsigned char>(text[end]) & 0xC0) == 0x80) {
    --end;
  }
  return text.substr(0, end) + "...";
}

void Count(Tally* tally, const std::vector<resolver::Decision>& decisions) {
  for (const auto& d : decisions) ++tally->counts[static_cast<int>(d.action)];
}

int RunIngest(const IngestOptions& opt, const GlobalOptions& global) {
  Provenance defaults;
  const bool dataset_format =
      opt.format == "factconsolidation" ||
      (opt.format == "auto" && opt.file.size() >= 5 &&
       opt.file.compare(opt.file.size() - 5, 5, ".json") == 0);
  auto origin = ParseOrigin(!opt.origin.empty() ? opt.origin
                            : dataset_format    ? "dataset"
                                                : "human");
  if (!origin.ok()) return Fail(origin.status(), "--origin");
  auto category = ParseCategory(opt.category);
  if (!category.ok()) return Fail(category.status(), "--category");
  defaults.origin = *origin;
  defaults.model_id = opt.model;
  defaults.session_id = opt.session;
  defaults.confidence = opt.confidence;

  auto input = ReadInput(opt.file);
  if (!input.ok()) return Fail(input.status(), "ingest");
  if (opt.format == "mcp-memory") {
    return IngestMcpMemory(global, *input, opt.file, opt.model, opt.session);
  }
  std::string format = opt.format;
  if (format == "auto") {
    auto ends = [&](const std::string& suffix) {
      return opt.file.size() >= suffix.size() &&
             opt.file.compare(opt.file.size() - suffix.size(), suffix.size(),
                              suffix) == 0;
    };
    format = ends(".jsonl")  ? "jsonl"
             : ends(".json") ? "factconsolidation"
                             : "text";
  }
  std::vector<Line> lines;
  bool serial_time = opt.serial_time;
  std::string source_prefix = !opt.source.empty() ? opt.source
                              : opt.file == "-"   ? "stdin"
                                                  : opt.file;
  if (format == "factconsolidation") {
    auto fc = FactConsolidationLines(*input, opt.split);
    if (!fc.ok()) return Fail(fc.status(), opt.file);
    lines = std::move(fc).value();
    serial_time = true;
    if (opt.source.empty()) source_prefix = opt.split;
  } else if (format == "text" || format == "jsonl") {
    lines = SplitLines(*input);
  } else {
    return Fail(Status::InvalidArgument(
                    "unknown format '" + format +
                    "' (text, jsonl, factconsolidation, mcp-memory)"),
                "--format");
  }
  if (lines.empty()) {
    return Fail(Status::InvalidArgument("empty input: no facts to ingest"),
                opt.file);
  }

  // JSONL is checked whole before anything is written: an error names its
  // line and leaves the store as it was. Declared cardinalities are
  // collected on the way (one per relation; a second, different one is an
  // error naming both lines).
  struct Declared {
    std::string relation;
    Cardinality cardinality;
    std::size_t line;
  };
  std::vector<Declared> declared;
  auto jsonl_provenance = [&](std::size_t i) {
    Provenance p = defaults;
    p.source = source_prefix + "#" + std::to_string(lines[i].number);
    return p;
  };
  if (format == "jsonl") {
    std::unordered_map<std::string, std::size_t> declared_at;
    for (std::size_t i = 0; i < lines.size(); ++i) {
      auto parsed = AtomFromJson(lines[i].text, jsonl_provenance(i),
                                 opt.allow_unknown_keys);
      const std::string where =
          opt.file + ":" + std::to_string(lines[i].number);
      if (!parsed.ok()) {
        return Fail(parsed.status(), where + " (nothing was stored)");
      }
      if (!parsed->cardinality) continue;
      const std::string key = NormalizeKey(parsed->atom.relation);
      auto [it, fresh] = declared_at.try_emplace(key, declared.size());
      if (fresh) {
        declared.push_back(
            {parsed->atom.relation, *parsed->cardinality, lines[i].number});
      } else if (declared[it->second].cardinality != *parsed->cardinality) {
        return Fail(
            Status::InvalidArgument(
                "relation '" + parsed->atom.relation + "' declared " +
                std::string(ToString(*parsed->cardinality)) + " here but " +
                std::string(ToString(declared[it->second].cardinality)) +
                " on line " + std::to_string(declared[it->second].line)),
            where + " (nothing was stored)");
      }
    }
  }

  auto memory = OpenMemory(global, false);
  if (!memory.ok()) return Fail(memory.status(), "ingest");
  for (const Declared& d : declared) {
    Status s = (*memory)->DeclareCardinality(d.relation, d.cardinality);
    if (!s.ok()) {
      return Fail(s, opt.file + ":" + std::to_string(d.line) +
                         " (cardinality; no atom of this file was stored)");
    }
  }

  Tally tally;
  const std::size_t batch = std::max<std::size_t>(1, opt.batch);
  for (std::size_t begin = 0; begin < lines.size(); begin += batch) {
    const std::size_t end = std::min(lines.size(), begin + batch);
    auto where = [&](std::size_t i) {
      std::string w = opt.file + ":" + std::to_string(lines[i].number);
      if (tally.committed_batches > 0) {
        w += " (lines up to " + std::to_string(tally.last_committed_line) +
             " were stored in " + std::to_string(tally.committed_batches) +
             " earlier batch(es); nothing from this batch was stored)";
      } else {
        w += " (nothing was stored)";
      }
      return w;
    };
    if (format == "jsonl") {
      std::vector<Atom> atoms;
      for (std::size_t i = begin; i < end; ++i) {
        auto parsed = AtomFromJson(lines[i].text, jsonl_provenance(i),
                                   opt.allow_unknown_keys);
        if (!parsed.ok()) return Fail(parsed.status(), where(i));
        Atom& atom = parsed->atom;
        atom.category =
            atom.category == Category::kFact ? *category : atom.category;
        atoms.push_back(std::move(atom));
      }
      auto decisions = (*memory)->RememberAtoms(std::move(atoms));
      if (!decisions.ok()) {
        return Fail(
            decisions.status(),
            where(begin + BatchIndexOf(decisions.status(), end - begin)));
      }
      Count(&tally, *decisions);
    } else {
      std::vector<TextFact> facts;
      for (std::size_t i = begin; i < end; ++i) {
        std::optional<std::int64_t> serial;
        // Bad lines (invalid UTF-8, control characters, oversized, fields
        // without letters) come back unparsed with their reason.
        std::string_view text = StripSerial(lines[i].text, &serial);
        TextFact fact;
        fact.text = std::string(text);
        fact.provenance = defaults;
        fact.category = *category;
        const std::int64_t order =
            serial ? *serial : static_cast<std::int64_t>(lines[i].number);
        fact.provenance.source = source_prefix + "#" + std::to_string(order);
        if (serial_time) fact.tx_time = order;
        facts.push_back(std::move(fact));
      }
      auto report = (*memory)->Remember(facts);
      if (!report.ok()) {
        return Fail(report.status(),
                    where(begin + BatchIndexOf(report.status(), end - begin)));
      }
      Count(&tally, report->decisions);
      for (const auto& u : report->unparsed) {
        tally.unparsed.push_back({{"line", lines[begin + u.index].number},
                                  {"text", u.text},
                                  {"reason", u.reason}});
      }
    }
    tally.lines += end - begin;
    ++tally.committed_batches;
    tally.last_committed_line = lines[end - 1].number;
  }

  using resolver::Action;
  auto count = [&](Action a) { return tally.counts[static_cast<int>(a)]; };
  if (global.json) {
    PrintJson({{"lines", tally.lines},
               {"added", count(Action::kAdded)},
               {"superseded", count(Action::kSuperseded)},
               {"reinforced", count(Action::kReinforced)},
               {"stored_as_history", count(Action::kStoredAsHistory)},
               {"ended", count(Action::kEnded)},
               {"rejected", count(Action::kRejected)},
               {"queued", count(Action::kQueued)},
               {"noise", count(Action::kNoise)},
               {"transient", count(Action::kTransient)},
               {"unparsed", tally.unparsed}});
  } else {
    std::cout << "ingested " << tally.lines << " lines into " << global.db
              << ": " << count(Action::kAdded) << " added, "
              << count(Action::kSuperseded) << " superseded, "
              << count(Action::kReinforced) << " reinforced, "
              << count(Action::kStoredAsHistory) << " stored as history, "
              << count(Action::kRejected) << " rejected, "
              << tally.unparsed.size() << " unparsed";
    // Values a line said had stopped ("no longer", "left V"), when any.
    if (count(Action::kEnded) > 0) {
      std::cout << "; " << count(Action::kEnded) << " ended";
    }
    // The gate's holds and drops, when there are any (docs/gate.md).
    if (count(Action::kQueued) + count(Action::kNoise) +
            count(Action::kTransient) >
        0) {
      std::cout << "; " << count(Action::kQueued) << " queued for review, "
                << count(Action::kNoise) << " noise, "
                << count(Action::kTransient) << " transient";
    }
    std::cout << "\n";
    // Text and reason are cut short: a refused line may be 64 KiB long.
    for (const auto& u : tally.unparsed) {
      std::cout << "  unparsed line " << u["line"].get<std::size_t>() << ": "
                << Printable(Shorten(u["text"].get<std::string>(), 120)) << " ("
                << Printable(Shorten(u["reason"].get<std::string>(), 200))
                << ")\n";
    }
  }
  return kExitOk;
}

}  // namespace

void RegisterIngest(CLI::App& app, GlobalOptions& global, int* exit_code) {
  auto opt = std::make_shared<IngestOptions>();
  CLI::App* cmd =
      app.add_subcommand("ingest",
                         "store facts: text (one per line), JSONL atoms, or a "
                         "FactConsolidation JSON row");
  cmd->add_option("file", opt->file, "input file, - for stdin")
      ->capture_default_str();
  cmd->add_option("--format", opt->format,
                  "auto, text, jsonl, factconsolidation or mcp-memory (the "
                  "reference MCP memory server's JSONL file)")
      ->capture_default_str();
  cmd->add_option("--split", opt->split,
                  "FactConsolidation row (metadata.source)")
      ->capture_default_str();
  cmd->add_option("--source", opt->source,
                  "source reference prefix (default: file name)");
  cmd->add_option("--origin", opt->origin,
                  "human, local_model, cloud_model, fallback, external_api, "
                  "dataset (default: dataset for factconsolidation, else "
                  "human)");
  cmd->add_option("--model", opt->model, "model id");
  cmd->add_option("--session", opt->session, "session id");
  cmd->add_option("--category", opt->category,
                  "fact, preference, decision, context")
      ->capture_default_str();
  cmd->add_option("--confidence", opt->confidence, "confidence in [0,1]")
      ->check(Between(0, 1))
      ->capture_default_str();
  cmd->add_flag("--serial-time", opt->serial_time,
                "use each line's list number as its transaction time");
  cmd->add_flag("--allow-unknown-keys", opt->allow_unknown_keys,
                "JSONL: ignore keys factline does not know instead of "
                "refusing the line");
  cmd->add_option("--batch", opt->batch, "lines per transaction")
      ->check(AtLeast(1))
      ->capture_default_str();
  cmd->callback(
      [opt, &global, exit_code] { *exit_code = RunIngest(*opt, global); });
}

}  // namespace factline::cli
