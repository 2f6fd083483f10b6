"""Short, stable storage keys for conversations (Teams conversation ids run to hundreds of
characters)."""

from __future__ import annotations

import hashlib
from functools import lru_cache


# A turn names its conversation and person several times (state, lock, transcript).
@lru_cache(maxsize=4096)
def conversation_digest(conversation_key: str) -> str:
    """A fixed-length digest of a conversation key, for building storage keys."""
    return hashlib.sha256(conversation_key.encode("utf-8")).hexdigest()[:32]
