/*
 * Fantasy Racing: "Board report" in Tiled (Map menu, Ctrl+Alt+R).
 *
 * Saves the map, runs `main.py board-report` on it (500 races of hard computer racers on every core,
 * from the game's folder, two folders above this file; a minute at most), then opens the picture it
 * wrote beside the board (<board>-report.png; the page <board>-report.html and the counts
 * <board>-report.csv are beside it) with the system's viewer. What the command says goes to Tiled's
 * console. Tiled 1.8 or newer; loaded from the project's extensions folder, as check-board.js.
 */

/* global tiled, Process, File, __filename */

var boardReport = (function () {
    "use strict";

    /** The game's folder: the extension lives in <game>/maps/extensions/. */
    function gameFolder(scriptFile) {
        var parts = String(scriptFile || "").replace(/\\/g, "/").split("/");
        return parts.slice(0, Math.max(0, parts.length - 3)).join("/");
    }

    /** The Python that runs the game: its .venv's, where it was set up (Linux/macOS, then Windows). */
    function python(folder, exists) {
        var candidates = [folder + "/.venv/bin/python", folder + "/.venv/Scripts/python.exe"];
        for (var i = 0; i < candidates.length; i++) {
            if (exists(candidates[i])) {
                return candidates[i];
            }
        }
        return "python3";
    }

    /** The picture board-report writes for a board: beside it, "<name>-report.png". */
    function reportFile(mapFile) {
        return String(mapFile).replace(/\.tmx$/i, "") + "-report.png";
    }

    /** The command that opens a file with the system's viewer, on Tiled's platform. */
    function opener(platform) {
        if (platform === "windows") {
            return ["cmd", "/c", "start", ""];
        }
        return platform === "macos" ? ["open"] : ["xdg-open"];
    }

    /** Save the active map, play the races, open the picture. */
    function run(api) {
        var map = api.activeAsset;
        if (!map || !map.isTileMap) {
            api.warning("Board report: open a board (.tmx) first");
            return;
        }
        if (map.modified || !map.fileName) {
            api.trigger("Save");
        }
        if (!map.fileName) {
            api.warning("Board report: save the board first");
            return;
        }
        api.log("Board report: playing the races on " + map.fileName + "…");
        var process = api.newProcess();
        process.workingDirectory = api.folder;
        var status = process.exec(python(api.folder, api.exists), ["main.py", "board-report", map.fileName], false);
        var out = process.readStdOut();
        var err = process.readStdErr();
        process.close();
        if (out) {
            api.log(out);
        }
        var picture = reportFile(map.fileName);
        if (status !== 0 || !api.exists(picture)) {
            api.error("Board report: no report was written (" + (err || "exit " + status).trim().split("\n").pop() + ")");
            return;
        }
        var words = opener(api.platform);
        var viewer = api.newProcess();
        viewer.exec(words[0], words.slice(1).concat([picture]), false);
        viewer.close();
    }

    return {
        gameFolder: gameFolder,
        python: python,
        reportFile: reportFile,
        opener: opener,
        run: run
    };
}());

if (typeof globalThis !== "undefined") {
    globalThis.boardReport = boardReport; // for a test reading the file outside Tiled
}

(function register() {
    "use strict";
    if (typeof tiled === "undefined") {
        return; // read by a test, outside Tiled
    }
    var folder = boardReport.gameFolder(typeof __filename !== "undefined" ? __filename : "");
    var action = tiled.registerAction("FantasyRacingBoardReport", function () {
        boardReport.run({
            activeAsset: tiled.activeAsset,
            folder: folder,
            platform: tiled.platform,
            exists: function (path) { return File.exists(path); },
            newProcess: function () { return new Process(); },
            trigger: function (name) { tiled.trigger(name); },
            error: function (text) { tiled.error(text); },
            warning: function (text) { tiled.warn(text); },
            log: function (text) { tiled.log(text); }
        });
    });
    action.text = "Board report (Fantasy Racing)";
    action.shortcut = "Ctrl+Alt+R";
    tiled.extendMenu("Map", [{ action: "FantasyRacingBoardReport" }]);
}());
