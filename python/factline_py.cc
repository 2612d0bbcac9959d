// factline._core: the Python binding. Handles come from the C API
// (query/factline_c.h), so opening, option reading and structured-atom
// input are the C API's own; calls go to the C++ facade (factline::Memory)
// behind the handle and their result structs become dicts and lists
// directly, in the shapes of the C API's JSON documents (no JSON text in
// between: a JSON round trip cost more than the engine call for `get`).
// Memory._json_results = True routes every call through the C API and
// json.loads instead; python/tests checks that both give equal results.
//
// Arguments are converted by hand, not by pybind11's casters, so that a
// wrong type raises TypeError naming the parameter and a str that is not
// valid UTF-8 (lone surrogates) is refused as InvalidArgument. The GIL is
// released around every engine call; a shared lock keeps close() from
// freeing the handle under a call another thread has in flight.
#include <pybind11/pybind11.h>

#include <atomic>
#include <cstdint>
#include <ctime>
#include <exception>
#include <limits>
#include <mutex>
#include <new>
#include <nlohmann/json.hpp>
#include <optional>
#include <shared_mutex>
#include <string>
#include <string_view>
#include <type_traits>
#include <unordered_map>
#include <utility>
#include <vector>

#include "atoms/atoms.h"
#include "query/factline_c.h"
#include "query/internal/c_api.h"
#include "query/query.h"

namespace py = pybind11;

namespace {

// Exception classes, created at import: Error and one subclass per code.
py::handle error_base;
py::handle error_by_code[8];  // indexed by factline_code 1..6, 7: internal

const char* CodeName(factline_code code) {
  switch (code) {
    case FACTLINE_OK:
      return "OK";
    case FACTLINE_NOT_FOUND:
      return "NotFound";
    case FACTLINE_CORRUPTION:
      return "Corruption";
    case FACTLINE_INVALID_ARGUMENT:
      return "InvalidArgument";
    case FACTLINE_IO_ERROR:
      return "IOError";
    case FACTLINE_NOT_SUPPORTED:
      return "NotSupported";
    case FACTLINE_RESOURCE_EXHAUSTED:
      return "ResourceExhausted";
    case FACTLINE_INTERNAL:
      return "Internal";
  }
  return "Unknown";
}

[[noreturn]] void Raise(factline_code code, const std::string& message) {
  int slot = code == FACTLINE_INTERNAL ? 7 : static_cast<int>(code);
  if (slot < 1 || slot > 7) slot = 7;
  py::handle type = error_by_code[slot];
  py::object error = type(message);
  error.attr("code") = static_cast<int>(code);
  error.attr("code_name") = CodeName(code);
  PyErr_SetObject(type.ptr(), error.ptr());
  throw py::error_already_set();
}

[[noreturn]] void RaiseTypeError(const char* name, const char* expected,
                                 py::handle got) {
  throw py::type_error(std::string(name) + " must be " + expected + ", not " +
                       Py_TYPE(got.ptr())->tp_name);
}

// A str argument as UTF-8. Bytes, None and other types are TypeErrors; a str
// with lone surrogates cannot be UTF-8 and is InvalidArgument.
std::string Text(py::handle obj, const char* name) {
  if (!PyUnicode_Check(obj.ptr())) RaiseTypeError(name, "str", obj);
  Py_ssize_t size = 0;
  const char* data = PyUnicode_AsUTF8AndSize(obj.ptr(), &size);
  if (data == nullptr) {
    PyErr_Clear();
    Raise(FACTLINE_INVALID_ARGUMENT,
          std::string("InvalidArgument: ") + name +
              ": not valid UTF-8 (the str holds a lone surrogate)");
  }
  std::string text(data, static_cast<std::size_t>(size));
  // The C API reads NUL-terminated strings: a NUL would cut the text short.
  if (text.find('\0') != std::string::npos) {
    Raise(FACTLINE_INVALID_ARGUMENT,
          std::string("InvalidArgument: ") + name + ": holds a NUL character");
  }
  return text;
}

// A file-system path: str, bytes (must be UTF-8; the store's name is text)
// or os.PathLike.
std::string PathArg(py::handle obj, const char* name) {
  py::object path = py::reinterpret_borrow<py::object>(obj);
  if (!PyUnicode_Check(obj.ptr()) && !PyBytes_Check(obj.ptr())) {
    py::object fspath = py::module_::import("os").attr("fspath");
    try {
      path = fspath(obj);
    } catch (py::error_already_set&) {
      RaiseTypeError(name, "str, bytes or os.PathLike", obj);
    }
  }
  if (PyBytes_Check(path.ptr())) {
    std::string bytes = path.cast<std::string>();
    if (bytes.find('\0') != std::string::npos) {
      Raise(FACTLINE_INVALID_ARGUMENT,
            std::string("InvalidArgument: ") + name + ": holds a NUL byte");
    }
    factline::Status utf8 = factline::ValidateUtf8(bytes);
    if (!utf8.ok()) {
      Raise(FACTLINE_INVALID_ARGUMENT,
            std::string("InvalidArgument: ") + name + ": " + utf8.message());
    }
    return bytes;
  }
  return Text(path, name);
}

// A Python int that fits `T`; bool is refused as a likely mistake.
template <typename T>
T Integer(py::handle obj, const char* name) {
  if (!PyLong_Check(obj.ptr()) || PyBool_Check(obj.ptr())) {
    RaiseTypeError(name, "int", obj);
  }
  long long v = PyLong_AsLongLong(obj.ptr());
  if (v == -1 && PyErr_Occurred()) {
    PyErr_Clear();
    Raise(FACTLINE_INVALID_ARGUMENT,
          std::string("InvalidArgument: ") + name + ": out of range");
  }
  bool in_range;
  if constexpr (std::is_signed_v<T>) {
    in_range = v >= static_cast<long long>(std::numeric_limits<T>::min()) &&
               v <= static_cast<long long>(std::numeric_limits<T>::max());
  } else {
    in_range = v >= 0 && static_cast<unsigned long long>(v) <=
                             std::numeric_limits<T>::max();
  }
  if (!in_range) {
    Raise(FACTLINE_INVALID_ARGUMENT,
          std::string("InvalidArgument: ") + name + ": out of range");
  }
  return static_cast<T>(v);
}

// A time: int (microseconds since the epoch, or a serial number), an ISO
// date string as the CLI reads it, or a datetime (naive means UTC).
std::int64_t TimeArg(py::handle obj, const char* name) {
  if (PyLong_Check(obj.ptr()) && !PyBool_Check(obj.ptr())) {
    return Integer<std::int64_t>(obj, name);
  }
  if (PyUnicode_Check(obj.ptr())) {
    auto t = factline::ParseTimestamp(Text(obj, name));
    if (!t.ok()) {
      Raise(FACTLINE_INVALID_ARGUMENT, std::string("InvalidArgument: ") + name +
                                           ": " + t.status().message());
    }
    return *t;
  }
  py::object datetime = py::module_::import("datetime");
  if (py::isinstance(obj, datetime.attr("datetime"))) {
    py::object dt = py::reinterpret_borrow<py::object>(obj);
    if (dt.attr("tzinfo").is_none()) {
      dt = dt.attr("replace")(py::arg("tzinfo") =
                                  datetime.attr("timezone").attr("utc"));
    }
    py::object epoch = datetime.attr("datetime")(
        1970, 1, 1, py::arg("tzinfo") = datetime.attr("timezone").attr("utc"));
    py::object delta = dt - epoch;
    return (delta.attr("days").cast<std::int64_t>() * 86400 +
            delta.attr("seconds").cast<std::int64_t>()) *
               1000000 +
           delta.attr("microseconds").cast<std::int64_t>();
  }
  RaiseTypeError(name, "int, str or datetime.datetime", obj);
}

// One of `names` (a keyword choice such as order="valid"): its index.
int Choice(py::handle obj, const char* name,
           std::initializer_list<const char*> names) {
  std::string value = Text(obj, name);
  int i = 0;
  std::string all;
  for (const char* n : names) {
    if (value == n) return i;
    all += (i++ == 0 ? "'" : ", '") + std::string(n) + "'";
  }
  Raise(FACTLINE_INVALID_ARGUMENT, std::string("InvalidArgument: ") + name +
                                       ": '" + value + "' is not one of " +
                                       all);
}

// Owns a string from *out_json.
struct JsonOut {
  char* text = nullptr;
  ~JsonOut() { factline_free(text); }
};

py::object Loads(const char* json_text) {
  // Leaked on purpose: destroying it at interpreter exit would race the
  // json module's own teardown.
  static py::object* loads =
      new py::object(py::module_::import("json").attr("loads"));
  return (*loads)(py::str(json_text));
}

// ---------------------------------------------------------------------------
// Result structs as Python objects, in the shapes of the C API's JSON
// (query/c_api.cc: AtomJson, FactJson, DecisionJson, ...). Keep the two in
// step: python/tests compares them on every call.

// Dict keys, interned once at import (their hashes are then cached).
// clang-format off
#define FACTLINE_PY_KEYS(X) \
  X(action) \
  X(atom) \
  X(atoms) \
  X(audit_records) \
  X(category) \
  X(chain) \
  X(closed) \
  X(confidence) \
  X(cued) \
  X(current_atoms) \
  X(current_slots) \
  X(decisions) \
  X(detail) \
  X(effective) \
  X(entities) \
  X(explanation) \
  X(fact) \
  X(from) \
  X(held) \
  X(held_at) \
  X(id) \
  X(index) \
  X(input_index) \
  X(known) \
  X(map_bytes) \
  X(method) \
  X(model_id) \
  X(origin) \
  X(outcome) \
  X(reason) \
  X(reinforced_by) \
  X(relation) \
  X(relation_score) \
  X(relations) \
  X(resolved_at) \
  X(result) \
  X(score) \
  X(seq) \
  X(session_id) \
  X(source) \
  X(stage) \
  X(state) \
  X(subject) \
  X(superseded) \
  X(superseded_at) \
  X(superseded_atoms) \
  X(superseded_by) \
  X(supersedes) \
  X(target) \
  X(text) \
  X(time) \
  X(to) \
  X(tx_time) \
  X(tx_time_iso) \
  X(unparsed) \
  X(used_bytes) \
  X(valid_from) \
  X(valid_to) \
  X(value) \
  X(values) \
  X(verdicts) \
  X(verification) \
  X(why)
// clang-format on

struct Keys {
#define FACTLINE_PY_KEY_FIELD(name) PyObject* name = nullptr;
  FACTLINE_PY_KEYS(FACTLINE_PY_KEY_FIELD)
#undef FACTLINE_PY_KEY_FIELD
};
const Keys* keys = nullptr;  // set at import, never freed

void InitKeys() {
  auto* k = new Keys;
#define FACTLINE_PY_KEY_INIT(name)             \
  k->name = PyUnicode_InternFromString(#name); \
  if (k->name == nullptr) throw py::error_already_set();
  FACTLINE_PY_KEYS(FACTLINE_PY_KEY_INIT)
#undef FACTLINE_PY_KEY_INIT
  keys = k;
}

py::object Own(PyObject* object) {
  if (object == nullptr) throw py::error_already_set();
  return py::reinterpret_steal<py::object>(object);
}

// Stored text is valid UTF-8; "replace" matches the C API's JSON, which
// replaces what is not.
py::object Str(std::string_view s) {
  return Own(PyUnicode_DecodeUTF8(s.data(), static_cast<Py_ssize_t>(s.size()),
                                  "replace"));
}
// A name from a fixed table (an enum's ToString: static storage), as one
// interned str made once per name: atoms carry three such names each.
py::object Name(std::string_view name) {
  static std::unordered_map<const char*, PyObject*>* made =
      new std::unordered_map<const char*, PyObject*>;  // lives to exit
  auto [it, inserted] = made->try_emplace(name.data(), nullptr);
  if (inserted) {
    it->second = PyUnicode_FromStringAndSize(
        name.data(), static_cast<Py_ssize_t>(name.size()));
    if (it->second == nullptr) {
      made->erase(it);
      throw py::error_already_set();
    }
    PyUnicode_InternInPlace(&it->second);
  }
  return py::reinterpret_borrow<py::object>(it->second);
}
py::object Int(std::int64_t v) { return Own(PyLong_FromLongLong(v)); }
py::object UInt(std::uint64_t v) { return Own(PyLong_FromUnsignedLongLong(v)); }
py::object Float(double v) { return Own(PyFloat_FromDouble(v)); }
py::object Bool(bool v) {
  return py::reinterpret_borrow<py::object>(v ? Py_True : Py_False);
}
// A time: None for "none" and "forever", as the C API's TimeJson.
py::object Time(factline::Timestamp t) {
  if (t == factline::kNoTime || t == factline::kForever) return py::none();
  return Int(t);
}

class Dict {
 public:
  // `size`: the keys to come (CPython's presized dict: no resizing).
  explicit Dict(Py_ssize_t size = 0)
      : dict_(Own(size > 5 ? _PyDict_NewPresized(size) : PyDict_New())) {}
  Dict& Set(PyObject* key, const py::object& value) {
    if (PyDict_SetItem(dict_.ptr(), key, value.ptr()) != 0) {
      throw py::error_already_set();
    }
    return *this;
  }
  py::object Done() { return std::move(dict_); }

 private:
  py::object dict_;
};

template <typename T, typename Convert>
py::object List(const std::vector<T>& items, Convert&& convert) {
  py::object list = Own(PyList_New(static_cast<Py_ssize_t>(items.size())));
  for (std::size_t i = 0; i < items.size(); ++i) {
    PyList_SET_ITEM(list.ptr(), static_cast<Py_ssize_t>(i),
                    convert(items[i]).release().ptr());
  }
  return list;
}

py::object AtomIds(const std::vector<factline::AtomId>& ids) {
  return List(ids, [](factline::AtomId id) { return UInt(id); });
}

py::object AtomObject(const factline::Atom& a) {
  return Dict(20)
      .Set(keys->id, UInt(a.id))
      .Set(keys->subject, Str(a.subject))
      .Set(keys->relation, Str(a.relation))
      .Set(keys->value, Str(a.value))
      .Set(keys->text, Str(a.text))
      .Set(keys->category, Name(factline::ToString(a.category)))
      .Set(keys->valid_from, Time(a.valid_from))
      .Set(keys->valid_to, Time(a.valid_to))
      .Set(keys->tx_time, Time(a.tx_time))
      .Set(keys->tx_time_iso, Str(factline::FormatTimestamp(a.tx_time)))
      .Set(keys->origin, Name(factline::ToString(a.provenance.origin)))
      .Set(keys->model_id, Str(a.provenance.model_id))
      .Set(keys->session_id, Str(a.provenance.session_id))
      .Set(keys->source, Str(a.provenance.source))
      .Set(keys->verification,
           Name(factline::ToString(a.provenance.verification)))
      .Set(keys->confidence, Float(a.provenance.confidence))
      .Set(keys->superseded_by, UInt(a.superseded_by))
      .Set(keys->superseded_at, Time(a.superseded_at))
      .Set(keys->supersedes, UInt(a.supersedes))
      .Set(keys->reinforced_by,
           List(a.reinforced_by, [](const std::string& s) { return Str(s); }))
      .Done();
}

py::object FactObject(const factline::FactView& f) {
  return Dict()
      .Set(keys->atom, AtomObject(f.atom))
      .Set(keys->superseded, List(f.superseded, AtomObject))
      .Set(keys->why, Str(f.why))
      .Set(keys->effective, List(f.effective,
                                 [](const factline::graph::ValidSegment& s) {
                                   return Dict()
                                       .Set(keys->from, Time(s.from))
                                       .Set(keys->to, Time(s.to))
                                       .Done();
                                 }))
      .Done();
}

py::object FactsObject(const std::vector<factline::FactView>& facts) {
  return List(facts, FactObject);
}

py::object DecisionObject(const factline::resolver::Decision& d) {
  return Dict(7)
      .Set(keys->input_index, UInt(d.input_index))
      .Set(keys->action, Str(factline::resolver::ToString(d.action)))
      .Set(keys->atom, UInt(d.atom))
      .Set(keys->closed, AtomIds(d.closed))
      .Set(keys->reason, Str(d.reason))
      .Set(keys->verdicts,
           List(d.verdicts,
                [](const factline::resolver::GateVerdict& v) {
                  return Dict()
                      .Set(keys->stage, Str(v.stage))
                      .Set(keys->outcome,
                           Str(factline::resolver::ToString(v.outcome)))
                      .Set(keys->target, UInt(v.target))
                      .Set(keys->reason, Str(v.reason))
                      .Done();
                }))
      .Set(keys->held, UInt(d.held))
      .Done();
}

py::object DecisionsObject(
    const std::vector<factline::resolver::Decision>& decisions) {
  return List(decisions, DecisionObject);
}

py::object ReportObject(const factline::RememberReport& report) {
  return Dict()
      .Set(keys->decisions, DecisionsObject(report.decisions))
      .Set(keys->unparsed, List(report.unparsed,
                                [](const factline::Unparsed& u) {
                                  return Dict()
                                      .Set(keys->index, UInt(u.index))
                                      .Set(keys->text, Str(u.text))
                                      .Set(keys->reason, Str(u.reason))
                                      .Done();
                                }))
      .Done();
}

py::object AnswerObject(const factline::Answer& a) {
  return Dict(8)
      .Set(keys->text, Str(a.text))
      .Set(keys->known, Bool(a.known))
      .Set(keys->score, Float(a.score))
      .Set(keys->subject, Str(a.subject))
      .Set(keys->values,
           List(a.values, [](const std::string& v) { return Str(v); }))
      .Set(keys->method, Str(a.method))
      .Set(keys->explanation, Str(a.explanation))
      .Set(keys->chain, List(a.chain,
                             [](const factline::Hop& hop) {
                               return Dict()
                                   .Set(keys->fact, FactObject(hop.fact))
                                   .Set(keys->relation_score,
                                        Float(hop.relation_score))
                                   .Set(keys->cued, Bool(hop.cued))
                                   .Done();
                             }))
      .Done();
}

// A parsed JSON value (an audit record's detail) as Python objects.
py::object JsonObject(const nlohmann::ordered_json& v) {
  switch (v.type()) {
    case nlohmann::ordered_json::value_t::null:
      return py::none();
    case nlohmann::ordered_json::value_t::boolean:
      return Bool(v.get<bool>());
    case nlohmann::ordered_json::value_t::number_integer:
      return Int(v.get<std::int64_t>());
    case nlohmann::ordered_json::value_t::number_unsigned:
      return UInt(v.get<std::uint64_t>());
    case nlohmann::ordered_json::value_t::number_float:
      return Float(v.get<double>());
    case nlohmann::ordered_json::value_t::string:
      return Str(v.get_ref<const std::string&>());
    case nlohmann::ordered_json::value_t::array: {
      py::object list = Own(PyList_New(0));
      for (const auto& item : v) {
        if (PyList_Append(list.ptr(), JsonObject(item).ptr()) != 0) {
          throw py::error_already_set();
        }
      }
      return list;
    }
    case nlohmann::ordered_json::value_t::object: {
      Dict dict;
      for (auto it = v.begin(); it != v.end(); ++it) {
        dict.Set(Str(it.key()).ptr(), JsonObject(it.value()));
      }
      return dict.Done();
    }
    default:  // binary, discarded: not produced by parse()
      return py::none();
  }
}

py::object AuditObject(const std::vector<factline::graph::AuditRecord>& rs) {
  return List(rs, [](const factline::graph::AuditRecord& r) {
    auto detail = nlohmann::ordered_json::parse(r.detail, nullptr, false);
    return Dict()
        .Set(keys->seq, UInt(r.seq))
        .Set(keys->time, Int(r.time))
        .Set(keys->atom, UInt(r.atom))
        .Set(keys->action, Str(r.action))
        .Set(keys->detail,
             detail.is_discarded() ? Str(r.detail) : JsonObject(detail))
        .Done();
  });
}

py::object HeldObject(const std::vector<factline::graph::HeldItem>& items) {
  return List(items, [](const factline::graph::HeldItem& item) {
    return Dict(8)
        .Set(keys->id, UInt(item.id))
        .Set(keys->state, Str(factline::graph::ToString(item.state)))
        .Set(keys->atom, AtomObject(item.atom))
        .Set(keys->held_at, Int(item.held_at))
        .Set(keys->resolved_at, Int(item.resolved_at))
        .Set(keys->result, UInt(item.result))
        .Set(keys->reason, Str(item.reason))
        .Set(keys->detail, Str(item.detail))
        .Done();
  });
}

py::object StatsObject(const factline::graph::StoreStats& s) {
  return Dict(9)
      .Set(keys->entities, UInt(s.entities))
      .Set(keys->relations, UInt(s.relations))
      .Set(keys->atoms, UInt(s.atoms))
      .Set(keys->current_slots, UInt(s.current_slots))
      .Set(keys->current_atoms, UInt(s.current_atoms))
      .Set(keys->superseded_atoms, UInt(s.superseded_atoms))
      .Set(keys->audit_records, UInt(s.audit_records))
      .Set(keys->map_bytes, UInt(s.map_bytes))
      .Set(keys->used_bytes, UInt(s.used_bytes))
      .Done();
}

// CPU time of the calling thread (CLOCK_THREAD_CPUTIME_ID).
double ThreadCpuSeconds() {
  timespec now{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
  return static_cast<double>(now.tv_sec) +
         1e-9 * static_cast<double>(now.tv_nsec);
}

factline_code CodeOf(const factline::Status& status) {
  return static_cast<factline_code>(static_cast<int>(status.code()));
}

class PyMemory {
 public:
  PyMemory(py::handle path, bool read_only, bool create_if_missing, bool gate,
           py::handle user_entity) {
    std::string where = PathArg(path, "path");
    nlohmann::json options = {{"read_only", read_only},
                              {"create_if_missing", create_if_missing},
                              {"gate", gate}};
    if (!user_entity.is_none()) {
      options["user_entity"] = Text(user_entity, "user_entity");
    }
    const std::string options_text = options.dump();
    factline_code code;
    std::string message;
    {
      py::gil_scoped_release release;
      factline_memory* opened = nullptr;
      code = factline_open(where.c_str(), options_text.c_str(), &opened);
      memory_ = opened;
      if (code != FACTLINE_OK) message = factline_last_error();
    }
    if (code != FACTLINE_OK) Raise(code, message);
  }
  ~PyMemory() { factline_close(memory_.exchange(nullptr)); }
  PyMemory(const PyMemory&) = delete;
  PyMemory& operator=(const PyMemory&) = delete;

  // Waits for calls in flight on other threads, then closes; idempotent.
  void Close() {
    py::gil_scoped_release release;
    std::unique_lock lock(mutex_);
    factline_close(memory_.exchange(nullptr));
  }
  bool closed() const { return memory_.load() == nullptr; }

  // Runs `call(memory)` on the C++ facade without the GIL, under the shared
  // lock; raises on failure (the C API's codes and messages, exceptions
  // included), else returns the call's value. `call` returns a Result.
  template <typename Call>
  auto Direct(Call&& call)
      -> std::decay_t<decltype(*call(std::declval<factline::Memory&>()))> {
    using R = std::decay_t<decltype(call(std::declval<factline::Memory&>()))>;
    std::optional<R> result;
    factline_code code = FACTLINE_OK;
    std::string message;
    {
      py::gil_scoped_release release;
      std::shared_lock lock(mutex_);
      factline::Memory* memory = factline::capi::MemoryOf(memory_.load());
      if (memory == nullptr) {
        code = FACTLINE_INVALID_ARGUMENT;
        message = "InvalidArgument: the Memory is closed";
      } else {
        try {
          result.emplace(call(*memory));
          if (!result->ok()) {
            code = CodeOf(result->status());
            message = result->status().ToString();
          }
        } catch (const std::bad_alloc&) {
          code = FACTLINE_RESOURCE_EXHAUSTED;
          message = "out of memory";
        } catch (const std::exception& e) {
          code = FACTLINE_INTERNAL;
          message = std::string("internal error: ") + e.what();
        } catch (...) {
          code = FACTLINE_INTERNAL;
          message = "internal error: unknown exception";
        }
      }
    }
    if (code != FACTLINE_OK) Raise(code, message);
    return std::move(**result);
  }

  // Runs `call(handle, &out)` (a C API call) without the GIL under the
  // shared lock; raises on failure, else returns the JSON result as Python
  // objects (None when the call has no result).
  template <typename Call>
  py::object Run(Call&& call, bool has_result = true) {
    JsonOut out;
    factline_code code = FACTLINE_OK;
    std::string message;
    bool was_closed = false;
    {
      py::gil_scoped_release release;
      std::shared_lock lock(mutex_);
      factline_memory* memory = memory_.load();
      if (memory == nullptr) {
        was_closed = true;
      } else {
        code = call(memory, &out.text);
        if (code != FACTLINE_OK) message = factline_last_error();
      }
    }
    if (was_closed) {
      Raise(FACTLINE_INVALID_ARGUMENT, "InvalidArgument: the Memory is closed");
    }
    if (code != FACTLINE_OK) Raise(code, message);
    if (!has_result || out.text == nullptr) return py::none();
    return Loads(out.text);
  }

  py::object Remember(py::handle text, py::handle origin, py::handle model_id,
                      py::handle session_id, py::handle source,
                      py::handle confidence) {
    std::string lines = Lines(text);
    nlohmann::json provenance = nlohmann::json::object();
    for (auto [key, value] :
         {std::pair{"origin", origin}, std::pair{"model_id", model_id},
          std::pair{"session_id", session_id}, std::pair{"source", source}}) {
      if (!value.is_none()) provenance[key] = Text(value, key);
    }
    if (!confidence.is_none()) {
      if (!PyFloat_Check(confidence.ptr()) &&
          !(PyLong_Check(confidence.ptr()) &&
            !PyBool_Check(confidence.ptr()))) {
        RaiseTypeError("confidence", "float", confidence);
      }
      provenance["confidence"] = confidence.cast<double>();
    }
    if (json_results_) {
      const std::string provenance_text = provenance.dump();
      return Run([&](factline_memory* m, char** out) {
        return factline_remember(m, lines.c_str(), provenance_text.c_str(),
                                 out);
      });
    }
    factline::Provenance said;
    if (provenance.contains("origin")) {
      auto parsed =
          factline::ParseOrigin(provenance["origin"].get<std::string>());
      if (!parsed.ok())
        Raise(CodeOf(parsed.status()), parsed.status().ToString());
      said.origin = *parsed;
    }
    said.model_id = provenance.value("model_id", "");
    said.session_id = provenance.value("session_id", "");
    said.source = provenance.value("source", "");
    if (provenance.contains("confidence")) {
      said.confidence = provenance["confidence"].get<double>();
    }
    return ReportObject(Direct([&](factline::Memory& m) {
      return m.Remember(std::string_view(lines), said);
    }));
  }

  py::object RememberAtoms(py::handle atoms) {
    if (!PyList_Check(atoms.ptr()) && !PyTuple_Check(atoms.ptr())) {
      RaiseTypeError("atoms", "a list of dicts", atoms);
    }
    py::sequence items = py::reinterpret_borrow<py::sequence>(atoms);
    for (std::size_t i = 0; i < items.size(); ++i) {
      if (!PyDict_Check(items[i].ptr())) {
        std::string name = "atoms[" + std::to_string(i) + "]";
        RaiseTypeError(name.c_str(), "dict", items[i]);
      }
    }
    py::object dumps = py::module_::import("json").attr("dumps");
    py::object text;
    try {
      text = dumps(atoms, py::arg("ensure_ascii") = false);
    } catch (py::error_already_set& e) {
      if (!e.matches(PyExc_TypeError) && !e.matches(PyExc_ValueError)) throw;
      throw py::type_error(std::string("atoms: ") + e.what());
    }
    std::string atoms_text = Text(text, "atoms");
    if (json_results_) {
      return Run([&](factline_memory* m, char** out) {
        return factline_remember_atoms(m, atoms_text.c_str(), out);
      });
    }
    auto decisions = Direct(
        [&](factline::Memory& m)
            -> factline::Result<std::vector<factline::resolver::Decision>> {
          auto parsed = factline::capi::AtomsFromJson(atoms_text.c_str());
          if (!parsed.ok()) return parsed.status();
          return m.RememberAtoms(std::move(*parsed));
        });
    return Dict().Set(keys->decisions, DecisionsObject(decisions)).Done();
  }

  py::object Get(py::handle subject, py::handle relation) {
    std::string s = Text(subject, "subject"), r = Text(relation, "relation");
    if (json_results_) {
      return Run([&](factline_memory* m, char** out) {
        return factline_get(m, s.c_str(), r.c_str(), out);
      });
    }
    return FactsObject(
        Direct([&](factline::Memory& m) { return m.Current(s, r); }));
  }

  py::object History(py::handle subject, py::handle relation,
                     py::handle order) {
    std::string s = Text(subject, "subject"), r = Text(relation, "relation");
    bool valid = Choice(order, "order", {"transaction", "valid"}) == 1;
    if (json_results_) {
      return Run([&](factline_memory* m, char** out) {
        return factline_history(
            m, s.c_str(), r.c_str(),
            valid ? FACTLINE_ORDER_VALID : FACTLINE_ORDER_TRANSACTION, out);
      });
    }
    return FactsObject(Direct([&](factline::Memory& m) {
      return m.History(s, r,
                       valid ? factline::HistoryOrder::kValid
                             : factline::HistoryOrder::kTransaction);
    }));
  }

  py::object AsOf(py::handle subject, py::handle relation, py::handle t,
                  py::handle axis) {
    std::string s = Text(subject, "subject"), r = Text(relation, "relation");
    std::int64_t when = TimeArg(t, "t");
    bool valid = Choice(axis, "axis", {"transaction", "valid"}) == 1;
    if (json_results_) {
      return Run([&](factline_memory* m, char** out) {
        return factline_as_of(
            m, s.c_str(), r.c_str(), when,
            valid ? FACTLINE_AXIS_VALID : FACTLINE_AXIS_TRANSACTION, out);
      });
    }
    return FactsObject(Direct([&](factline::Memory& m) {
      return m.AsOf(s, r, when,
                    valid ? factline::TimeAxis::kValid
                          : factline::TimeAxis::kTransaction);
    }));
  }

  py::object Ask(py::handle question, py::handle as_of) {
    std::string q = Text(question, "question");
    std::int64_t when =
        as_of.is_none() ? FACTLINE_NOW : TimeArg(as_of, "as_of");
    if (json_results_) {
      return Run([&](factline_memory* m, char** out) {
        return factline_ask(m, q.c_str(), when, out);
      });
    }
    factline::AskOptions options;
    options.as_of = when;
    return AnswerObject(
        Direct([&](factline::Memory& m) { return m.Ask(q, options); }));
  }

  py::object Search(py::handle text, py::handle k) {
    std::string t = Text(text, "text");
    int n = Integer<int>(k, "k");
    if (json_results_) {
      return Run([&](factline_memory* m, char** out) {
        return factline_search(m, t.c_str(), n, out);
      });
    }
    // As factline_search: a count of zero or less is refused.
    if (n <= 0) Raise(FACTLINE_INVALID_ARGUMENT, "k must be positive");
    auto hits = Direct([&](factline::Memory& m) { return m.Search(t, n); });
    return List(hits, [](const factline::SearchHit& hit) {
      return Dict()
          .Set(keys->score, Float(hit.score))
          .Set(keys->fact, FactObject(hit.fact))
          .Done();
    });
  }

  py::object Review(py::handle filter) {
    int which = Choice(filter, "filter", {"pending", "quarantined", "all"});
    if (json_results_) {
      static const int kFilters[] = {
          FACTLINE_HELD_PENDING, FACTLINE_HELD_QUARANTINED, FACTLINE_HELD_ALL};
      return Run([&](factline_memory* m, char** out) {
        return factline_review_list(m, kFilters[which], out);
      });
    }
    static const factline::HeldFilter kHeld[] = {
        factline::HeldFilter::kPending, factline::HeldFilter::kQuarantined,
        factline::HeldFilter::kAll};
    return HeldObject(
        Direct([&](factline::Memory& m) { return m.Held(kHeld[which]); }));
  }

  py::object Approve(py::handle item, py::handle reason) {
    auto id = Integer<std::uint64_t>(item, "item");
    bool has_reason = !reason.is_none();
    std::string why = has_reason ? Text(reason, "reason") : std::string();
    if (json_results_) {
      return Run([&](factline_memory* m, char** out) {
        return factline_review_approve(m, id,
                                       has_reason ? why.c_str() : nullptr, out);
      });
    }
    return DecisionObject(
        Direct([&](factline::Memory& m) { return m.Approve(id, {}, why); }));
  }

  void Reject(py::handle item, py::handle reason) {
    auto id = Integer<std::uint64_t>(item, "item");
    std::string why = Text(reason, "reason");
    if (json_results_) {
      Run([&](factline_memory* m,
              char**) { return factline_review_reject(m, id, why.c_str()); },
          /*has_result=*/false);
      return;
    }
    Direct([&](factline::Memory& m) -> factline::Result<bool> {
      factline::Status done = m.RejectHeld(id, why);
      if (!done.ok()) return done;
      return true;
    });
  }

  py::object Quarantine(py::handle atom, py::handle reason) {
    auto id = Integer<std::uint64_t>(atom, "atom");
    std::string why = Text(reason, "reason");
    if (json_results_) {
      return Run([&](factline_memory* m, char** out) {
        return factline_quarantine(m, id, why.c_str(), out);
      });
    }
    return DecisionObject(
        Direct([&](factline::Memory& m) { return m.Quarantine(id, why); }));
  }

  py::object Audit(py::handle since, py::handle limit) {
    auto from = Integer<std::uint64_t>(since, "since");
    auto n = static_cast<std::size_t>(Integer<std::uint64_t>(limit, "limit"));
    if (json_results_) {
      return Run([&](factline_memory* m, char** out) {
        return factline_audit(m, from, n, out);
      });
    }
    return AuditObject(
        Direct([&](factline::Memory& m) { return m.Audit(from, n); }));
  }

  py::object Stats() {
    if (json_results_) {
      return Run([&](factline_memory* m, char** out) {
        return factline_stats(m, out);
      });
    }
    return StatsObject(Direct([&](factline::Memory& m) { return m.Stats(); }));
  }

  // The benchmark's baselines (python/bench_overhead.py): `n` calls of
  // Memory::Current (or Memory::Ask) on the C++ facade, results dropped
  // (api "cpp"), or of factline_get (factline_ask) through the C API, JSON
  // results freed unread (api "c"); returns the calling thread's CPU seconds
  // (what Python's time.thread_time() counts: other load on the machine
  // does not). Python's own call adds argument conversion, the GIL and the
  // result's conversion.
  double TimeNative(py::handle what, py::handle a, py::handle b, py::handle n,
                    py::handle api) {
    bool ask = Choice(what, "what", {"get", "ask"}) == 1;
    std::string x = Text(a, "a"), y = ask ? "" : Text(b, "b");
    auto count = Integer<std::int64_t>(n, "n");
    bool c_api = Choice(api, "api", {"cpp", "c"}) == 1;
    double seconds = 0;
    Run(
        [&](factline_memory* handle, char**) {
          factline::Memory& m = *factline::capi::MemoryOf(handle);
          const double start = ThreadCpuSeconds();
          for (std::int64_t i = 0; i < count; ++i) {
            factline_code code = FACTLINE_OK;
            if (c_api) {
              char* out = nullptr;
              code = ask ? factline_ask(handle, x.c_str(), FACTLINE_NOW, &out)
                         : factline_get(handle, x.c_str(), y.c_str(), &out);
              factline_free(out);
            } else if (ask) {
              auto answer = m.Ask(x);
              if (!answer.ok()) code = CodeOf(answer.status());
            } else {
              auto facts = m.Current(x, y);
              if (!facts.ok()) code = CodeOf(facts.status());
            }
            if (code != FACTLINE_OK) return code;
          }
          seconds = ThreadCpuSeconds() - start;
          return FACTLINE_OK;
        },
        /*has_result=*/false);
    return seconds;
  }

  // True: every call goes through the C API's JSON and json.loads (the
  // binding's first form; tests compare the two, the benchmark times both).
  bool json_results() const { return json_results_; }
  void set_json_results(bool on) { json_results_ = on; }

 private:
  // remember's text: a str (one fact per line) or a list of str (one fact
  // each; a newline inside one would silently make two).
  static std::string Lines(py::handle text) {
    if (PyUnicode_Check(text.ptr())) return Text(text, "text");
    if (!PyList_Check(text.ptr()) && !PyTuple_Check(text.ptr())) {
      RaiseTypeError("text", "str or a list of str", text);
    }
    std::string joined;
    py::sequence items = py::reinterpret_borrow<py::sequence>(text);
    for (std::size_t i = 0; i < items.size(); ++i) {
      std::string name = "text[" + std::to_string(i) + "]";
      std::string line = Text(items[i], name.c_str());
      if (line.find('\n') != std::string::npos) {
        Raise(FACTLINE_INVALID_ARGUMENT,
              "InvalidArgument: " + name + ": holds a newline");
      }
      joined += line;
      joined += '\n';
    }
    return joined;
  }

  // Set under the unique lock (Close), read under the shared one (Run,
  // Direct); atomic for `closed`, which reads it with neither.
  std::atomic<factline_memory*> memory_{nullptr};
  std::shared_mutex mutex_;  // shared: a call in flight; unique: Close
  bool json_results_ = false;
};

}  // namespace

PYBIND11_MODULE(_core, m) {
  m.doc() = "factline's engine (see the factline package).";
  m.attr("__version__") = factline_version();
  InitKeys();

  PyObject* base = PyErr_NewExceptionWithDoc(
      "factline.Error",
      "A factline call failed; .code and .code_name give the status.",
      PyExc_Exception, nullptr);
  if (base == nullptr) throw py::error_already_set();
  error_base = base;
  m.attr("Error") = py::handle(base);
  // InvalidArgument is also a ValueError and NotFound a LookupError, so
  // code that knows nothing of factline can still catch them sensibly.
  struct Sub {
    factline_code code;
    const char* name;
    PyObject* also;
  };
  const Sub subs[] = {
      {FACTLINE_NOT_FOUND, "NotFoundError", PyExc_LookupError},
      {FACTLINE_CORRUPTION, "CorruptionError", nullptr},
      {FACTLINE_INVALID_ARGUMENT, "InvalidArgumentError", PyExc_ValueError},
      {FACTLINE_IO_ERROR, "IOError", PyExc_OSError},
      {FACTLINE_NOT_SUPPORTED, "NotSupportedError", nullptr},
      {FACTLINE_RESOURCE_EXHAUSTED, "ResourceExhaustedError", nullptr},
      {FACTLINE_INTERNAL, "InternalError", nullptr},
  };
  for (const Sub& s : subs) {
    py::tuple bases = s.also == nullptr ? py::make_tuple(py::handle(base))
                                        : py::make_tuple(py::handle(base),
                                                         py::handle(s.also));
    std::string qualified = std::string("factline.") + s.name;
    PyObject* type =
        PyErr_NewException(qualified.c_str(), bases.ptr(), nullptr);
    if (type == nullptr) throw py::error_already_set();
    int slot = s.code == FACTLINE_INTERNAL ? 7 : static_cast<int>(s.code);
    error_by_code[slot] = type;
    m.attr(s.name) = py::handle(type);
  }

  py::object none = py::none();
  py::class_<PyMemory>(m, "Memory")
      .def(py::init<py::handle, bool, bool, bool, py::handle>(),
           py::arg("path"), py::kw_only(), py::arg("read_only") = false,
           py::arg("create_if_missing") = true, py::arg("gate") = true,
           py::arg("user_entity") = none)
      .def("close", &PyMemory::Close)
      .def_property_readonly("closed", &PyMemory::closed)
      .def("remember", &PyMemory::Remember, py::arg("text"), py::kw_only(),
           py::arg("origin") = none, py::arg("model_id") = none,
           py::arg("session_id") = none, py::arg("source") = none,
           py::arg("confidence") = none)
      .def("remember_atoms", &PyMemory::RememberAtoms, py::arg("atoms"))
      .def("get", &PyMemory::Get, py::arg("subject"), py::arg("relation"))
      .def("history", &PyMemory::History, py::arg("subject"),
           py::arg("relation"), py::kw_only(),
           py::arg("order") = py::str("transaction"))
      .def("as_of", &PyMemory::AsOf, py::arg("subject"), py::arg("relation"),
           py::arg("t"), py::kw_only(),
           py::arg("axis") = py::str("transaction"))
      .def("ask", &PyMemory::Ask, py::arg("question"), py::kw_only(),
           py::arg("as_of") = none)
      .def("search", &PyMemory::Search, py::arg("text"),
           py::arg("k") = py::int_(10))
      .def("review", &PyMemory::Review, py::kw_only(),
           py::arg("filter") = py::str("pending"))
      .def("approve", &PyMemory::Approve, py::arg("item"), py::kw_only(),
           py::arg("reason") = none)
      .def("reject", &PyMemory::Reject, py::arg("item"), py::kw_only(),
           py::arg("reason"))
      .def("quarantine", &PyMemory::Quarantine, py::arg("atom"), py::kw_only(),
           py::arg("reason"))
      .def("audit", &PyMemory::Audit, py::arg("since") = py::int_(0),
           py::arg("limit") = py::int_(100))
      .def("stats", &PyMemory::Stats)
      .def("_time_native", &PyMemory::TimeNative, py::arg("what"), py::arg("a"),
           py::arg("b"), py::arg("n"), py::kw_only(),
           py::arg("api") = py::str("cpp"))
      .def_property("_json_results", &PyMemory::json_results,
                    &PyMemory::set_json_results)
      .def("__enter__", [](py::object self) { return self; })
      .def("__exit__", [](PyMemory& self, py::handle, py::handle, py::handle) {
        self.Close();
        return false;
      });
}
