from cardgen.base.markup import Run, parse, substitute


def values(name):
    return {"damage": "3", "name": "Guard"}.get(name)


def test_bold_icons_fields_and_terms():
    parsed = parse("Hit the [[Front]] for **{{damage}}** {damage}.", values)
    assert parsed.runs == (
        Run("Hit the "), Run("Front", bold=True, term="Front"), Run(" for "),
        Run("3", bold=True), Run(" "), Run(icon="damage"), Run("."))
    assert parsed.terms == ("Front",) and parsed.icons == ("damage",) and parsed.fields == ("damage",)
    assert parsed.problems == ()


def test_reportlab_tags_in_card_text_stay_literal_text():
    text = '<img src="/etc/passwd"/> <font color="red">x</font>'
    parsed = parse(text)
    assert parsed.plain == text
    assert all(not r.bold and r.icon is None for r in parsed.runs)


def test_unclosed_bold_is_printed_as_written_and_reported():
    parsed = parse("a **b")
    assert parsed.plain == "a **b"
    [problem] = parsed.problems      # printed as written, so a warning, never an error
    assert (problem.code, problem.severity) == ("markup", "warning")
    assert problem.message == "unclosed '**' is printed as written"


def test_escapes_and_unknown_fields():
    parsed = parse(r"5\* and {{nope}}", values)
    assert parsed.plain == "5* and {{nope}}"
    [problem] = parsed.problems
    assert (problem.code, problem.severity) == ("markup", "error")
    assert problem.message == "unknown field '{{nope}}'"


def test_line_breaks_and_italic():
    parsed = parse("one\n*two*")
    assert parsed.runs == (Run("one"), Run(line_break=True), Run("two", italic=True))


def test_substitute_reports_unknown_names():
    assert substitute("{{name}}-{{x}}", values) == ("Guard-", ["x"])
