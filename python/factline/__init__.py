"""factline: an embeddable memory for AI agents that keeps memory clean.

Every fact becomes a subject / relation / value atom with provenance and two
times (valid and transaction); a newer value for the same slot supersedes the
older one, which stays in history. This package binds the C API
(query/factline_c.h): results are the same JSON documents, as dicts and
lists; failures raise factline.Error (or a subclass) with .code and
.code_name.

    import factline
    with factline.Memory("agent.db") as m:
        m.remember("goaltender is associated with the sport of ice hockey.",
                   session_id="chat-42", source="chat-42#7")
        m.remember("goaltender is associated with the sport of pesäpallo.")
        m.get("goaltender", "sport")[0]["atom"]["value"]   # 'pesäpallo'

Thread safety: one Memory may be shared by threads; reads run concurrently
with each other and with one writer (the GIL is released inside every call),
writes are serialised by the engine. Open a store directory once per
process and share the Memory; several processes may open one store.
"""

from ._core import (  # noqa: F401
    CorruptionError,
    Error,
    InternalError,
    InvalidArgumentError,
    IOError,
    Memory,
    NotFoundError,
    NotSupportedError,
    ResourceExhaustedError,
    __version__,
)

__all__ = [
    "Memory",
    "Error",
    "NotFoundError",
    "CorruptionError",
    "InvalidArgumentError",
    "IOError",
    "NotSupportedError",
    "ResourceExhaustedError",
    "InternalError",
    "__version__",
]
