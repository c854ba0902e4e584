"""An output file sends its pages to the disk as it grows (``streams._WrittenBack``):
every ``WRITEBACK_BYTES`` written, the range since the last one, so that the fsync
before the rename has the last pages only to wait for."""

import os

from dimacs_sudoku import streams


def test_a_growing_output_is_sent_to_the_disk_range_after_range(tmp_path, monkeypatch):
    sent = []
    monkeypatch.setattr(streams, "WRITEBACK_BYTES", 1000)
    monkeypatch.setattr(streams, "_start_writeback",
                        lambda fd, offset, count: sent.append((offset, count)))
    path = tmp_path / "out.cnf"
    lines = ["-%d -%d 0\n" % (v, v + 1) for v in range(2000)]
    with streams.AtomicOutput(str(path)) as out:
        for start in range(0, len(lines), 37):
            out.write("".join(lines[start:start + 37]))
    text = "".join(lines)
    assert path.read_text() == text
    assert sent, "no range sent"
    # One range after another from the start, each of 1000 bytes or more, the last
    # ending at most 1000 + one write (the buffer's 8 KB) before the end.
    assert sent[0][0] == 0
    for (offset, count), (following, _) in zip(sent, sent[1:]):
        assert count >= 1000 and following == offset + count
    assert len(text) - sum(count for _, count in sent) < 1000 + 8192


def test_the_hint_is_harmless_where_the_system_has_none(tmp_path, monkeypatch):
    monkeypatch.setattr(streams, "WRITEBACK_BYTES", 10)
    monkeypatch.setattr(streams, "_sync_file_range", False)
    path = tmp_path / "out.txt"
    with streams.AtomicOutput(str(path)) as out:
        out.write("x" * 100000)
    assert path.read_text() == "x" * 100000


def test_the_real_hint_leaves_the_file_as_written(tmp_path, monkeypatch):
    monkeypatch.setattr(streams, "WRITEBACK_BYTES", 4096)
    path = tmp_path / "out.txt"
    with streams.AtomicOutput(str(path)) as out:
        for k in range(300):
            out.write("%d\n" % k * 50)
    assert path.read_text() == "".join("%d\n" % k * 50 for k in range(300))
    assert os.path.getsize(path) == len(path.read_bytes())
