"""What words at an email's preview say: remarks on length or tone, a wait, a question about who
gets it, words about the draft; and text the manager gives as the email's own."""

from __future__ import annotations

import pytest

from language.email_preview_words import PreviewRemark, new_text, preview_remark, reads_as_email


@pytest.mark.parametrize(
    ("text", "remark"),
    [
        ("that looks a bit long", PreviewRemark.SHORTER),
        ("can you make it friendlier", PreviewRemark.FRIENDLIER),
        ("make it more formal", PreviewRemark.FORMAL),
        ("too friendly, make it firmer", PreviewRemark.FORMAL),
        ("who else gets this?", PreviewRemark.RECIPIENTS),
        ("wait I need to check with hr first", PreviewRemark.WAIT),
        ("hmm not sure about the second paragraph", PreviewRemark.REMARK),
        ("c'est un peu long", PreviewRemark.SHORTER),
        ("plus chaleureux s'il vous plaît", PreviewRemark.FRIENDLIER),
        ("plus formel", PreviewRemark.FORMAL),
        ("qui d'autre le reçoit ?", PreviewRemark.RECIPIENTS),
        ("attendez, je dois vérifier", PreviewRemark.WAIT),
        ("es demasiado largo", PreviewRemark.SHORTER),
        ("menos formal, por favor", PreviewRemark.FRIENDLIER),
        ("más formal", PreviewRemark.FORMAL),
        ("¿a quién se lo envías?", PreviewRemark.RECIPIENTS),
        ("todavía no", PreviewRemark.WAIT),
        ("zu lang", PreviewRemark.SHORTER),
        ("weniger förmlich bitte", PreviewRemark.FRIENDLIER),
        ("förmlicher", PreviewRemark.FORMAL),
        ("an wen geht das?", PreviewRemark.RECIPIENTS),
        ("noch nicht", PreviewRemark.WAIT),
        ("più formale", PreviewRemark.FORMAL),
        ("è un po' lunga", PreviewRemark.SHORTER),
        ("mais curto, por favor", PreviewRemark.SHORTER),
        ("deixa mais formal", PreviewRemark.FORMAL),
        ("maak het formeler", PreviewRemark.FORMAL),
        ("wacht even", PreviewRemark.WAIT),
        ("bardziej formalnie", PreviewRemark.FORMAL),
        ("krócej proszę", PreviewRemark.SHORTER),
        ("もっと短くして", PreviewRemark.SHORTER),
        ("もう少し丁寧にしてください", PreviewRemark.FORMAL),
        ("再短一点", PreviewRemark.SHORTER),
        ("先别发", PreviewRemark.WAIT),
        ("Dear Bob, your shifts are too long to cover alone.", None),
        ("please be on time from monday", None),
    ],
)
def test_what_a_remark_at_the_preview_asks_for(text: str, remark: PreviewRemark | None) -> None:
    assert preview_remark(text) is remark


@pytest.mark.parametrize(
    ("text", "locale", "language", "remark"),
    [
        # French "attends", German "moment": ordinary English words, no wait in English.
        ("make sure he attends the training on friday", "en-US", "en", None),
        ("add that we are short staffed at the moment", "en-US", "en", None),
        ("attends, je dois vérifier", "fr-FR", "fr", PreviewRemark.WAIT),
        # ERA speaks French to a manager whose Teams says en-US: French is read too.
        ("attends, je dois vérifier", "en-US", "fr", PreviewRemark.WAIT),
        ("Moment, ich muss das noch klären", "de-DE", "de", PreviewRemark.WAIT),
        ("wait, not yet", "de-DE", "de", PreviewRemark.WAIT),  # English is always read
    ],
)
def test_a_remark_is_read_in_the_replys_language_and_english_only(
    text: str, locale: str, language: str, remark: PreviewRemark | None
) -> None:
    assert preview_remark(text, locale, language) is remark


@pytest.mark.parametrize(
    ("text", "given"),
    [
        ("use this: Hi Bob, see me at 9.", "Hi Bob, see me at 9."),
        ("please replace the text with “Bob, see me at 9.”", "Bob, see me at 9."),
        ("the body should say: see me at 9", "see me at 9"),
        ("make the text say Hi Alice, the new rota is up. Thanks",
         "Hi Alice, the new rota is up. Thanks"),
        ("have it read: see me at 9", "see me at 9"),
        ("change the text to say see me at 9", "see me at 9"),
        ("Use this:\nDear Bob,\nsee me.\nMaria", "Dear Bob,\nsee me.\nMaria"),
        ("utilisez ceci : Bonjour Bob", "Bonjour Bob"),
        ("remplacez le texte par « merci Bob »", "merci Bob"),
        ("el texto debe decir: gracias, Bob", "gracias, Bob"),
        ("Verwenden Sie diesen Text: Hallo Bob", "Hallo Bob"),
        ("次の文面にして：明日は9時に来てください。", "明日は9時に来てください。"),
        ("don't use this", None),
        ("that looks a bit long", None),
    ],
)
def test_the_text_the_manager_gives_as_the_new_text(text: str, given: str | None) -> None:
    assert new_text(text) == given


@pytest.mark.parametrize(
    ("text", "email"),
    [
        ("Dear Bob, please be on time.", True),
        ("Bonjour Alice, merci.", True),
        ("Estimado Bob: gracias.", True),
        ("Sehr geehrter Herr Smith, danke.", True),
        ("first line\nsecond line", True),
        ("hmm not sure about the second paragraph", False),
        ("his hours are too long", False),
    ],
)
def test_text_that_reads_as_an_email(text: str, email: bool) -> None:
    assert reads_as_email(text) is email
