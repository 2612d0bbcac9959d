"""factline's Python package: every Memory call, its errors and bad input.

Run by CTest (PYTHONPATH = the CMake build's python/ folder) or, after
`pip install .`, with `python3 -m unittest discover -s python/tests`.
"""

import datetime
import os
import pathlib
import tempfile
import threading
import unittest

import factline

SPORT_1 = "goaltender is associated with the sport of ice hockey."
SPORT_2 = "goaltender is associated with the sport of bandy."
# Microsecond times for structured atoms (2001-09-09 and 2004-11-09).
T1 = 1000000000000000
T2 = 1100000000000000


class StoreTest(unittest.TestCase):
    def setUp(self):
        self._dir = tempfile.TemporaryDirectory(prefix="factline-py-")
        self.path = os.path.join(self._dir.name, "store")
        self.m = factline.Memory(self.path)

    def tearDown(self):
        self.m.close()
        self._dir.cleanup()


class MemoryTest(StoreTest):
    def test_remember_supersedes_and_get_returns_the_newer_value(self):
        first = self.m.remember(SPORT_1, session_id="chat-42", source="chat-42#7")
        self.assertEqual([d["action"] for d in first["decisions"]], ["added"])
        second = self.m.remember([SPORT_2])
        self.assertEqual([d["action"] for d in second["decisions"]],
                         ["superseded"])
        facts = self.m.get("goaltender", "sport")
        self.assertEqual([f["atom"]["value"] for f in facts], ["bandy"])
        self.assertEqual([a["value"] for a in facts[0]["superseded"]],
                         ["ice hockey"])
        first_atom = self.m.history("goaltender", "sport")[0]["atom"]
        self.assertEqual(first_atom["session_id"], "chat-42")
        self.assertEqual(first_atom["source"], "chat-42#7")

    def test_unparsed_lines_are_reported(self):
        report = self.m.remember(["hmm.", SPORT_1])
        self.assertEqual([u["index"] for u in report["unparsed"]], [0])
        self.assertTrue(report["unparsed"][0]["reason"])

    def test_history_in_both_orders(self):
        self.m.remember([SPORT_1, SPORT_2])
        for order in ("transaction", "valid"):
            values = [f["atom"]["value"]
                      for f in self.m.history("goaltender", "sport", order=order)]
            self.assertEqual(values, ["ice hockey", "bandy"], order)
        self.assertEqual(self.m.history("nobody", "sport"), [])

    def test_remember_atoms_and_as_of_on_both_axes(self):
        report = self.m.remember_atoms([
            {"subject": "Ada", "relation": "P641", "value": "cricket",
             "valid_from": T1, "tx_time": T1},
            {"subject": "Ada", "relation": "P641", "value": "tennis",
             "valid_from": T2, "tx_time": T2,
             "provenance": {"origin": "human", "source": "py#2"}},
        ])
        self.assertEqual(len(report["decisions"]), 2)
        mid = (T1 + T2) // 2

        def values(t, axis):
            return [f["atom"]["value"]
                    for f in self.m.as_of("Ada", "P641", t, axis=axis)]

        self.assertEqual(values(mid, "transaction"), ["cricket"])
        self.assertEqual(values(mid, "valid"), ["cricket"])
        self.assertEqual(values(T2 + 1, "valid"), ["tennis"])
        # A date string and a datetime name the same instants as integers.
        self.assertEqual(values("2003-01-01", "valid"), ["cricket"])
        when = datetime.datetime(2003, 1, 1, tzinfo=datetime.timezone.utc)
        self.assertEqual(values(when, "transaction"), ["cricket"])
        self.assertEqual(values(when.replace(tzinfo=None), "valid"),
                         ["cricket"])

    def test_ask_answers_with_a_chain(self):
        self.m.remember([SPORT_1, SPORT_2])
        answer = self.m.ask("Which sport is goaltender associated with?")
        self.assertTrue(answer["known"])
        self.assertEqual(answer["text"], "bandy")
        self.assertEqual(answer["chain"][0]["fact"]["atom"]["value"], "bandy")
        unknown = self.m.ask("Who wrote the Iliad?")
        self.assertFalse(unknown["known"])

    def test_ask_as_of_sees_the_older_value(self):
        self.m.remember_atoms([
            {"subject": "goaltender", "relation": "P641", "value": "ice hockey",
             "tx_time": T1},
            {"subject": "goaltender", "relation": "P641", "value": "bandy",
             "tx_time": T2},
        ])
        then = self.m.ask("Which sport is goaltender associated with?",
                          as_of=T1 + 1)
        self.assertEqual(then["text"], "ice hockey")

    def test_search_finds_near_matches(self):
        self.m.remember([SPORT_2])
        hits = self.m.search("goaltender sport bandy", k=3)
        self.assertGreaterEqual(len(hits), 1)
        self.assertEqual(hits[0]["fact"]["atom"]["subject"], "goaltender")

    def test_quarantine_review_and_approve(self):
        self.m.remember([SPORT_1, SPORT_2])
        bandy = self.m.get("goaltender", "sport")[0]["atom"]["id"]
        self.m.quarantine(bandy, reason="wrong sport")
        self.assertEqual(
            [f["atom"]["value"] for f in self.m.get("goaltender", "sport")],
            ["ice hockey"])
        held = self.m.review(filter="quarantined")
        self.assertEqual([h["atom"]["value"] for h in held], ["bandy"])
        self.m.approve(held[0]["id"], reason="checked")
        self.assertEqual(
            [f["atom"]["value"] for f in self.m.get("goaltender", "sport")],
            ["bandy"])

    def test_a_model_preference_is_queued_then_rejected(self):
        report = self.m.remember_atoms([{
            "subject": "user", "relation": "favourite drink", "value": "tea",
            "category": "preference",
            "provenance": {"origin": "local_model", "model_id": "m1",
                           "session_id": "s1"}}])
        self.assertEqual(report["decisions"][0]["action"], "queued")
        pending = self.m.review()
        self.assertEqual([h["atom"]["value"] for h in pending], ["tea"])
        self.m.reject(pending[0]["id"], reason="not the user's word")
        self.assertEqual(self.m.review(), [])
        self.assertEqual(self.m.get("user", "favourite drink"), [])
        with self.assertRaises(factline.Error):
            self.m.reject(999999, reason="no such item")

    def test_audit_and_stats(self):
        self.m.remember([SPORT_1, SPORT_2])
        actions = [r["action"] for r in self.m.audit(0, 1000)]
        self.assertIn("added", actions)
        self.assertIn("superseded", actions)
        self.assertEqual(len(self.m.audit(0, 1)), 1)
        stats = self.m.stats()
        self.assertEqual(stats["atoms"], 2)
        self.assertEqual(stats["superseded_atoms"], 1)
        self.assertEqual(stats["current_slots"], 1)

    def test_context_manager_closes_and_close_twice_is_safe(self):
        self.m.close()
        with factline.Memory(pathlib.Path(self.path)) as m:
            m.remember(SPORT_1)
            self.assertFalse(m.closed)
        self.assertTrue(m.closed)
        m.close()
        with self.assertRaises(factline.InvalidArgumentError) as caught:
            m.get("goaltender", "sport")
        self.assertIn("closed", str(caught.exception))
        # What was written survives reopening.
        with factline.Memory(self.path, read_only=True) as again:
            self.assertEqual(
                [f["atom"]["value"] for f in again.get("goaltender", "sport")],
                ["ice hockey"])


class ErrorTest(StoreTest):
    def assertTypeErrorNames(self, parameter, call):
        with self.assertRaises(TypeError) as caught:
            call()
        self.assertIn(parameter, str(caught.exception))

    def test_wrong_types_raise_type_error_naming_the_parameter(self):
        m = self.m
        self.assertTypeErrorNames("subject", lambda: m.get(None, "sport"))
        self.assertTypeErrorNames("subject", lambda: m.get(b"goaltender", "x"))
        self.assertTypeErrorNames("relation", lambda: m.get("goaltender", 7))
        self.assertTypeErrorNames("text", lambda: m.remember(None))
        self.assertTypeErrorNames("text[1]", lambda: m.remember(["a b.", 3]))
        self.assertTypeErrorNames("session_id",
                                  lambda: m.remember("x.", session_id=5))
        self.assertTypeErrorNames("confidence",
                                  lambda: m.remember("x.", confidence="high"))
        self.assertTypeErrorNames("atoms", lambda: m.remember_atoms("[]"))
        self.assertTypeErrorNames("atoms[0]", lambda: m.remember_atoms([1]))
        self.assertTypeErrorNames(
            "atoms", lambda: m.remember_atoms([{"subject": object()}]))
        self.assertTypeErrorNames("question", lambda: m.ask(b"why?"))
        self.assertTypeErrorNames("as_of", lambda: m.ask("why?", as_of=1.5))
        self.assertTypeErrorNames("t", lambda: m.as_of("a", "b", None))
        self.assertTypeErrorNames("k", lambda: m.search("x", k="3"))
        self.assertTypeErrorNames("k", lambda: m.search("x", k=True))
        self.assertTypeErrorNames("atom", lambda: m.quarantine("1", reason="r"))
        self.assertTypeErrorNames("reason", lambda: m.quarantine(1, reason=None))
        self.assertTypeErrorNames("item", lambda: m.approve(None))
        self.assertTypeErrorNames("since", lambda: m.audit("0"))
        self.assertTypeErrorNames("path", lambda: factline.Memory(None))
        self.assertTypeErrorNames("path", lambda: factline.Memory(42))

    def test_errors_carry_the_status_code(self):
        with self.assertRaises(factline.Error) as caught:
            self.m.ask("")
        self.assertEqual(caught.exception.code_name, "InvalidArgument")
        self.assertEqual(caught.exception.code, 3)
        self.assertIsInstance(caught.exception, factline.InvalidArgumentError)
        self.assertIsInstance(caught.exception, ValueError)
        with self.assertRaises(factline.Error) as caught:
            self.m.remember("x.", origin="martian")
        self.assertIn("martian", str(caught.exception))
        with self.assertRaises(factline.InvalidArgumentError):
            self.m.history("a", "b", order="sideways")
        with self.assertRaises(factline.InvalidArgumentError):
            self.m.as_of("a", "b", 0, axis="diagonal")
        with self.assertRaises(factline.InvalidArgumentError):
            self.m.as_of("a", "b", "not a date")
        with self.assertRaises(factline.InvalidArgumentError):
            self.m.search("x", k=0)
        with self.assertRaises(factline.InvalidArgumentError):
            self.m.quarantine(-1, reason="negative")
        with self.assertRaises(factline.InvalidArgumentError) as caught:
            self.m.remember_atoms([{"subject": "Ada", "relation": "P641"}])
        self.assertIn("atom 0", str(caught.exception))
        # A failed batch stores nothing.
        self.assertEqual(self.m.stats()["atoms"], 0)

    def test_missing_store_opened_without_create_is_an_error(self):
        missing = os.path.join(self._dir.name, "missing")
        with self.assertRaises(factline.Error) as caught:
            factline.Memory(missing, create_if_missing=False)
        self.assertNotEqual(caught.exception.code_name, "OK")
        self.assertFalse(os.path.exists(os.path.join(missing, "data.mdb")))

    def test_invalid_utf8_is_refused_clearly(self):
        bad_path = os.fsencode(self._dir.name) + b"/st\xffore"
        with self.assertRaises(factline.InvalidArgumentError) as caught:
            factline.Memory(bad_path)
        self.assertIn("path", str(caught.exception))
        self.assertIn("UTF-8", str(caught.exception))
        with self.assertRaises(factline.InvalidArgumentError) as caught:
            self.m.get("goal\udcfftender", "sport")
        self.assertIn("subject", str(caught.exception))
        self.assertIn("UTF-8", str(caught.exception))
        with self.assertRaises(factline.InvalidArgumentError):
            self.m.remember("Ada plays \udcff.")
        with self.assertRaises(factline.InvalidArgumentError):
            self.m.remember_atoms(
                [{"subject": "Ada", "relation": "P641", "value": "\udcff"}])
        self.assertEqual(self.m.stats()["atoms"], 0)

    def test_a_bytes_path_that_is_utf8_opens(self):
        good = os.fsencode(os.path.join(self._dir.name, "bytes-store"))
        with factline.Memory(good) as m:
            m.remember(SPORT_1)
            self.assertEqual(len(m.get("goaltender", "sport")), 1)


class ThreadTest(StoreTest):
    READERS = 8
    WRITES = 40

    def test_eight_readers_and_one_writer_share_one_memory(self):
        """Readers never see an older value after a newer one, every call
        succeeds, and after the writer finishes every reader sees the last
        value. The engine releases the GIL, so the calls do overlap."""
        self.m.remember("goaltender is associated with the sport of season 0.")
        failures = []
        done = threading.Event()

        def season(facts):
            value = facts[0]["atom"]["value"] if facts else ""
            return int(value.rsplit(" ", 1)[1]) if value.startswith("season ") else -1

        def writer():
            try:
                for i in range(1, self.WRITES + 1):
                    self.m.remember(
                        "goaltender is associated with the sport of season %d." % i)
            except Exception as e:  # reported by the main thread
                failures.append("writer: %r" % e)
            finally:
                done.set()

        def reader(n):
            last = -1
            try:
                while True:
                    final = done.is_set()
                    now = season(self.m.get("goaltender", "sport"))
                    if now < last:
                        failures.append("reader %d saw %d after %d" % (n, now, last))
                    last = max(last, now)
                    self.m.history("goaltender", "sport")
                    self.m.ask("Which sport is goaltender associated with?")
                    if final:
                        break
                if last != self.WRITES:
                    failures.append("reader %d ended at %d" % (n, last))
            except Exception as e:
                failures.append("reader %d: %r" % (n, e))

        threads = [threading.Thread(target=reader, args=(n,))
                   for n in range(self.READERS)]
        threads.append(threading.Thread(target=writer))
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        self.assertEqual(failures, [])
        self.assertEqual(len(self.m.history("goaltender", "sport")),
                         self.WRITES + 1)

    def test_close_waits_for_calls_in_flight(self):
        self.m.remember(SPORT_1)
        errors = []

        def reader():
            for _ in range(200):
                try:
                    self.m.get("goaltender", "sport")
                except factline.InvalidArgumentError as e:
                    if "closed" not in str(e):
                        errors.append(e)
                    return
                except Exception as e:
                    errors.append(e)
                    return

        threads = [threading.Thread(target=reader) for _ in range(4)]
        for t in threads:
            t.start()
        self.m.close()
        for t in threads:
            t.join()
        self.assertEqual(errors, [])


if __name__ == "__main__":
    unittest.main()
