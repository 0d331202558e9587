"""What a tool tells the shared layer (toolkit_cli/tool.py)."""

from __future__ import annotations

from toolkit_cli.tool import Tool


def test_bad_input_by_class_or_by_the_name_of_a_class_or_base():
    class ChartError(ValueError):
        pass

    class CellError(ChartError):
        pass

    t = Tool("t", "1", bad_input=(KeyError, "ChartError"))
    assert t.is_bad_input(KeyError()) and t.is_bad_input(CellError())
    assert not t.is_bad_input(ValueError()) and not Tool("t", "1").is_bad_input(KeyError())


def test_version_text():
    assert Tool("t", "1").version_text == "t 1"
    assert Tool("t", "1", version_line="t (pkg) 1").version_text == "t (pkg) 1"
