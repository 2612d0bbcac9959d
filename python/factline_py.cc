// factline._core: the Python binding. It wraps the C API (query/factline_c.h)
// rather than the C++ classes so that Python sees exactly what C sees: the
// same argument checks, the same JSON documents (turned into dicts and lists
// by the json module) and the same status codes, with no second copy of the
// result conversion to keep in step.
//
// Arguments are converted by hand, not by pybind11's casters, so that a
// wrong type raises TypeError naming the parameter and a str that is not
// valid UTF-8 (lone surrogates) is refused as InvalidArgument. The GIL is
// released around every engine call; a shared lock keeps close() from
// freeing the handle under a call another thread has in flight.
#include <pybind11/pybind11.h>

#include <atomic>
#include <chrono>
#include <cstdint>
#include <limits>
#include <mutex>
#include <nlohmann/json.hpp>
#include <shared_mutex>
#include <string>
#include <type_traits>
#include <utility>

#include "atoms/atoms.h"
#include "query/factline_c.h"

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
  return std::string(data, static_cast<std::size_t>(size));
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

  // Runs `call(handle, &out)` without the GIL under the shared lock; raises
  // on failure, else returns the JSON result as Python objects (None when
  // the call has no result).
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
    const std::string provenance_text = provenance.dump();
    return Run([&](factline_memory* m, char** out) {
      return factline_remember(m, lines.c_str(), provenance_text.c_str(), out);
    });
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
    return Run([&](factline_memory* m, char** out) {
      return factline_remember_atoms(m, atoms_text.c_str(), out);
    });
  }

  py::object Get(py::handle subject, py::handle relation) {
    std::string s = Text(subject, "subject"), r = Text(relation, "relation");
    return Run([&](factline_memory* m, char** out) {
      return factline_get(m, s.c_str(), r.c_str(), out);
    });
  }

  py::object History(py::handle subject, py::handle relation,
                     py::handle order) {
    std::string s = Text(subject, "subject"), r = Text(relation, "relation");
    int o = Choice(order, "order", {"transaction", "valid"}) == 0
                ? FACTLINE_ORDER_TRANSACTION
                : FACTLINE_ORDER_VALID;
    return Run([&](factline_memory* m, char** out) {
      return factline_history(m, s.c_str(), r.c_str(), o, out);
    });
  }

  py::object AsOf(py::handle subject, py::handle relation, py::handle t,
                  py::handle axis) {
    std::string s = Text(subject, "subject"), r = Text(relation, "relation");
    std::int64_t when = TimeArg(t, "t");
    int a = Choice(axis, "axis", {"transaction", "valid"}) == 0
                ? FACTLINE_AXIS_TRANSACTION
                : FACTLINE_AXIS_VALID;
    return Run([&](factline_memory* m, char** out) {
      return factline_as_of(m, s.c_str(), r.c_str(), when, a, out);
    });
  }

  py::object Ask(py::handle question, py::handle as_of) {
    std::string q = Text(question, "question");
    std::int64_t when =
        as_of.is_none() ? FACTLINE_NOW : TimeArg(as_of, "as_of");
    return Run([&](factline_memory* m, char** out) {
      return factline_ask(m, q.c_str(), when, out);
    });
  }

  py::object Search(py::handle text, py::handle k) {
    std::string t = Text(text, "text");
    int n = Integer<int>(k, "k");
    return Run([&](factline_memory* m, char** out) {
      return factline_search(m, t.c_str(), n, out);
    });
  }

  py::object Review(py::handle filter) {
    int which = Choice(filter, "filter", {"pending", "quarantined", "all"});
    static const int kFilters[] = {
        FACTLINE_HELD_PENDING, FACTLINE_HELD_QUARANTINED, FACTLINE_HELD_ALL};
    return Run([&](factline_memory* m, char** out) {
      return factline_review_list(m, kFilters[which], out);
    });
  }

  py::object Approve(py::handle item, py::handle reason) {
    auto id = Integer<std::uint64_t>(item, "item");
    bool has_reason = !reason.is_none();
    std::string why = has_reason ? Text(reason, "reason") : std::string();
    return Run([&](factline_memory* m, char** out) {
      return factline_review_approve(m, id, has_reason ? why.c_str() : nullptr,
                                     out);
    });
  }

  void Reject(py::handle item, py::handle reason) {
    auto id = Integer<std::uint64_t>(item, "item");
    std::string why = Text(reason, "reason");
    Run([&](factline_memory* m,
            char**) { return factline_review_reject(m, id, why.c_str()); },
        /*has_result=*/false);
  }

  py::object Quarantine(py::handle atom, py::handle reason) {
    auto id = Integer<std::uint64_t>(atom, "atom");
    std::string why = Text(reason, "reason");
    return Run([&](factline_memory* m, char** out) {
      return factline_quarantine(m, id, why.c_str(), out);
    });
  }

  py::object Audit(py::handle since, py::handle limit) {
    auto from = Integer<std::uint64_t>(since, "since");
    auto n = Integer<std::uint64_t>(limit, "limit");
    return Run([&](factline_memory* m, char** out) {
      return factline_audit(m, from, static_cast<std::size_t>(n), out);
    });
  }

  py::object Stats() {
    return Run(
        [&](factline_memory* m, char** out) { return factline_stats(m, out); });
  }

  // The benchmark's baseline (python/bench_overhead.py): `n` calls of
  // factline_get (or factline_ask) from C++, results freed unread; returns
  // the seconds taken. Python's own call adds conversion and dispatch.
  double TimeNative(py::handle what, py::handle a, py::handle b, py::handle n) {
    int kind = Choice(what, "what", {"get", "ask"});
    std::string x = Text(a, "a"), y = kind == 0 ? Text(b, "b") : "";
    auto count = Integer<std::int64_t>(n, "n");
    double seconds = 0;
    Run(
        [&](factline_memory* m, char**) {
          auto start = std::chrono::steady_clock::now();
          for (std::int64_t i = 0; i < count; ++i) {
            char* out = nullptr;
            factline_code code =
                kind == 0 ? factline_get(m, x.c_str(), y.c_str(), &out)
                          : factline_ask(m, x.c_str(), FACTLINE_NOW, &out);
            factline_free(out);
            if (code != FACTLINE_OK) return code;
          }
          seconds = std::chrono::duration<double>(
                        std::chrono::steady_clock::now() - start)
                        .count();
          return FACTLINE_OK;
        },
        /*has_result=*/false);
    return seconds;
  }

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

  // Set under the unique lock (Close), read under the shared one (Run);
  // atomic for `closed`, which reads it with neither.
  std::atomic<factline_memory*> memory_{nullptr};
  std::shared_mutex mutex_;  // shared: a call in flight; unique: Close
};

}  // namespace

PYBIND11_MODULE(_core, m) {
  m.doc() = "factline's engine (see the factline package).";
  m.attr("__version__") = factline_version();

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
           py::arg("b"), py::arg("n"))
      .def("__enter__", [](py::object self) { return self; })
      .def("__exit__", [](PyMemory& self, py::handle, py::handle, py::handle) {
        self.Close();
        return false;
      });
}
