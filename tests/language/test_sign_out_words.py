""""sign out" is understood in every language the lexicons cover, as a whole message only."""

from __future__ import annotations

import pytest

from core.intent import Intent
from language.intent_rules import classify_intent

SIGN_OUT = [
    ("en", "sign out"), ("en", "please log me out"), ("fr", "déconnexion"),
    ("fr", "déconnectez-moi"), ("es", "cerrar sesión"), ("de", "abmelden"),
    ("it", "disconnettimi"), ("pt", "terminar sessão"), ("nl", "log mij uit"),
    ("ja", "ログアウトして"), ("zh-Hans", "退出登录"), ("ar", "تسجيل الخروج"),
    ("hi", "साइन आउट"), ("ko", "로그아웃해 주세요"), ("pl", "wyloguj mnie"),
    ("ru", "выйти из аккаунта"), ("tr", "oturumu kapat"),
]


@pytest.mark.parametrize(("language", "text"), SIGN_OUT)
def test_sign_out_is_understood(language: str, text: str) -> None:
    assert classify_intent(text, locale=language).intent is Intent.SIGN_OUT


@pytest.mark.parametrize("text", ["cancel", "stop", "sair", "I signed out of Teams yesterday",
                                  "cancel my shift tomorrow", "log my hours"])
def test_other_messages_are_not_a_sign_out(text: str) -> None:
    assert classify_intent(text, locale="en").intent is not Intent.SIGN_OUT
