"""Results built directly from the engine's structs equal the C API's JSON.

factline._core turns result structs into dicts and lists itself; with
Memory._json_results = True the same calls go through the C API
(query/factline_c.h) and json.loads. Every call must give equal results
both ways: the C API's JSON documents define the shapes.
"""

import os
import re
import tempfile
import unittest

import factline

T1 = 1000000000000000
T2 = 1100000000000000

WRITES = [
    ("remember", ("goaltender is associated with the sport of ice hockey.",),
     {"session_id": "chat-1", "source": "chat-1#1", "confidence": 0.9}),
    ("remember", (["hmm.", "goaltender is associated with the sport of bandy.",
                   "Ada Lovelace was born in London."],), {}),
    ("remember", ("Ada Lovelace was born in Marylebone.",),
     {"origin": "local_model", "model_id": "m1", "session_id": "s1"}),
    ("remember_atoms", ([
        {"subject": "Ada", "relation": "P641", "value": "cricket",
         "valid_from": T1, "valid_to": T2, "tx_time": T1},
        {"subject": "Ada", "relation": "P641", "value": "tennis",
         "valid_from": "2004-11-09", "tx_time": T2, "text": "Ada plays tennis",
         "provenance": {"origin": "human", "source": "py#2"}},
        {"subject": "user", "relation": "favourite drink", "value": "tea",
         "category": "preference",
         "provenance": {"origin": "local_model", "model_id": "m1",
                        "session_id": "s1"}},
    ],), {}),
    ("quarantine", (3,), {"reason": "wrong place"}),
    ("approve", (1,), {"reason": "checked"}),
]

READS = [
    ("get", ("goaltender", "sport"), {}),
    ("get", ("Ada", "P641"), {}),
    ("get", ("nobody", "sport"), {}),
    ("history", ("goaltender", "sport"), {}),
    ("history", ("Ada", "P641"), {"order": "valid"}),
    ("as_of", ("Ada", "P641", (T1 + T2) // 2), {}),
    ("as_of", ("Ada", "P641", T2 + 1), {"axis": "valid"}),
    ("ask", ("Which sport is goaltender associated with?",), {}),
    ("ask", ("Where was Ada Lovelace born?",), {}),
    ("ask", ("Which sport does Ada play?",), {"as_of": T1 + 1}),
    ("ask", ("Who wrote the Iliad?",), {}),
    ("search", ("goaltender sport",), {"k": 3}),
    ("review", (), {}),
    ("review", (), {"filter": "quarantined"}),
    ("review", (), {"filter": "all"}),
    ("audit", (0, 1000), {}),
    ("stats", (), {}),
]


def call(m, name, args, kwargs, json_results):
    m._json_results = json_results
    try:
        return getattr(m, name)(*args, **kwargs)
    except factline.Error as e:
        return ("error", type(e).__name__, e.code, str(e))
    finally:
        m._json_results = False


class ResultShapesTest(unittest.TestCase):
    def setUp(self):
        self._dir = tempfile.TemporaryDirectory(prefix="factline-py-")

    def tearDown(self):
        self._dir.cleanup()

    def test_writes_and_reads_equal_the_c_api_json(self):
        direct = factline.Memory(os.path.join(self._dir.name, "direct"))
        via_json = factline.Memory(os.path.join(self._dir.name, "json"))
        with direct, via_json:
            # The same writes on two fresh stores decide the same.
            for name, args, kwargs in WRITES:
                got = call(direct, name, args, kwargs, False)
                want = call(via_json, name, args, kwargs, True)
                self.assertEqual(got, want, name)
            # Reads on one store, both ways.
            for name, args, kwargs in READS:
                got = call(direct, name, args, kwargs, False)
                want = call(direct, name, args, kwargs, True)
                self.assertEqual(got, want, (name, args, kwargs))
                self.assertEqual(type(got), type(want))
            # The reads cover the shapes that matter: facts with history,
            # answers with a chain, held items, audit details.
            bandy = direct.get("goaltender", "sport")
            self.assertEqual(bandy[0]["superseded"][0]["value"], "ice hockey")
            self.assertTrue(direct.ask(READS[7][1][0])["chain"])
            self.assertTrue(direct.review(filter="all"))
            self.assertTrue(any(isinstance(r["detail"], dict)
                                for r in direct.audit(0, 1000)))

    def test_errors_are_the_same_both_ways(self):
        with factline.Memory(os.path.join(self._dir.name, "s")) as m:
            for name, args, kwargs in [
                    ("ask", ("",), {}),
                    ("search", ("x",), {"k": 0}),
                    ("remember", ("x.",), {"origin": "martian"}),
                    ("remember_atoms", ([{"subject": "Ada"}],), {}),
                    ("approve", (99,), {}),
                    ("reject", (99,), {"reason": "none such"}),
                    ("quarantine", (12345,), {"reason": "none such"})]:
                got = call(m, name, args, kwargs, False)
                want = call(m, name, args, kwargs, True)
                self.assertEqual(got[:3], want[:3], name)
                self.assertEqual(got[0], "error", name)

    def test_a_nul_in_text_is_refused(self):
        with factline.Memory(os.path.join(self._dir.name, "s")) as m:
            with self.assertRaises(factline.InvalidArgumentError) as caught:
                m.get("goal\0tender", "sport")
            self.assertIn("subject", str(caught.exception))
            with self.assertRaises(factline.InvalidArgumentError):
                m.remember("Ada plays\0 tennis.")
            self.assertEqual(m.stats()["atoms"], 0)


class VersionTest(unittest.TestCase):
    def test_version_matches_the_project(self):
        self.assertRegex(factline.__version__, r"^\d+\.\d+\.\d+$")
        source = os.environ.get("FACTLINE_SOURCE_DIR") or os.path.join(
            os.path.dirname(os.path.abspath(__file__)), "..", "..")
        cmake = os.path.join(source, "CMakeLists.txt")
        pyproject = os.path.join(source, "pyproject.toml")
        if not (os.path.exists(cmake) and os.path.exists(pyproject)):
            self.skipTest("no source tree next to the tests")
        with open(cmake, encoding="utf-8") as f:
            project = re.search(r"project\(factline VERSION (\S+)", f.read())
        with open(pyproject, encoding="utf-8") as f:
            package = re.search(r'^version = "([^"]+)"', f.read(), re.M)
        self.assertEqual(factline.__version__, project.group(1))
        self.assertEqual(factline.__version__, package.group(1))


if __name__ == "__main__":
    unittest.main()
