# Type hints for the extension module factline._core (python/factline_py.cc).
# Results are the C API's JSON documents (query/factline_c.h) as dicts/lists.
import datetime
import os
from types import TracebackType
from typing import Any, Dict, List, Literal, Optional, Sequence, Union

__version__: str

Fact = Dict[str, Any]  # {"atom": {...}, "superseded": [...], "why", "effective"}
Decision = Dict[str, Any]  # {"input_index", "action", "atom", "closed", ...}
Time = Union[int, str, datetime.datetime]  # microseconds, ISO date, datetime

class Error(Exception):
    code: int  # the factline_code (StatusCode) value
    code_name: str  # "NotFound", "InvalidArgument", ...

class NotFoundError(Error, LookupError): ...
class CorruptionError(Error): ...
class InvalidArgumentError(Error, ValueError): ...
class IOError(Error, OSError): ...
class NotSupportedError(Error): ...
class ResourceExhaustedError(Error): ...
class InternalError(Error): ...

class Memory:
    def __init__(
        self,
        path: Union[str, bytes, os.PathLike[str], os.PathLike[bytes]],
        *,
        read_only: bool = ...,
        create_if_missing: bool = ...,
        gate: bool = ...,
        user_entity: Optional[str] = ...,
    ) -> None: ...
    def close(self) -> None: ...
    @property
    def closed(self) -> bool: ...
    def __enter__(self) -> "Memory": ...
    def __exit__(
        self,
        exc_type: Optional[type],
        exc: Optional[BaseException],
        tb: Optional[TracebackType],
    ) -> bool: ...
    def remember(
        self,
        text: Union[str, Sequence[str]],
        *,
        origin: Optional[str] = ...,
        model_id: Optional[str] = ...,
        session_id: Optional[str] = ...,
        source: Optional[str] = ...,
        confidence: Optional[float] = ...,
    ) -> Dict[str, Any]: ...  # {"decisions": [...], "unparsed": [...]}
    def remember_atoms(
        self, atoms: Sequence[Dict[str, Any]]
    ) -> Dict[str, Any]: ...  # {"decisions": [...]}
    def get(self, subject: str, relation: str) -> List[Fact]: ...
    def history(
        self,
        subject: str,
        relation: str,
        *,
        order: Literal["transaction", "valid"] = ...,
    ) -> List[Fact]: ...
    def as_of(
        self,
        subject: str,
        relation: str,
        t: Time,
        *,
        axis: Literal["transaction", "valid"] = ...,
    ) -> List[Fact]: ...
    def ask(
        self, question: str, *, as_of: Optional[Time] = ...
    ) -> Dict[str, Any]: ...  # {"text", "known", "score", "chain", ...}
    def search(
        self, text: str, k: int = ...
    ) -> List[Dict[str, Any]]: ...  # [{"score", "fact"}]
    def review(
        self, *, filter: Literal["pending", "quarantined", "all"] = ...
    ) -> List[Dict[str, Any]]: ...
    def approve(self, item: int, *, reason: Optional[str] = ...) -> Decision: ...
    def reject(self, item: int, *, reason: str) -> None: ...
    def quarantine(self, atom: int, *, reason: str) -> Decision: ...
    def audit(self, since: int = ..., limit: int = ...) -> List[Dict[str, Any]]: ...
    def stats(self) -> Dict[str, int]: ...
