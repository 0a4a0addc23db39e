"""The command line's commands, without a window: `simulate`, `tournament`, `balance`, `season`,
`replay --check`, `check-map`, `serve` and `join`.

`main.py` parses the command line with `options.build_parser` and runs a command from here (or
opens the window). A command checks every value before any work begins: a bad value is a
`CommandLineError` (one sentence, exit 2), a file that cannot be used an `UnusableFile` (one
sentence, exit 1). Nothing here imports pygame: what needs a window (playing a replay back,
drawing a chart) is handed in by `main.py`.
"""
