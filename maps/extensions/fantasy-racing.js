/*
 * Fantasy Racing in Tiled (Tiled 1.8 or newer; Tiled asks once whether to enable the project's
 * extensions, loaded from the project's extensions folder: maps/fantasy-racing.tiled-project). Two
 * commands in the Map menu, each run from the game's folder (two folders above this file):
 *
 * "Check board" (Ctrl+Alt+I): saves the map, runs the game's checker on it (`main.py check-map --format
 * json`) and lists each problem in Tiled's Issues view, an error or a warning (tiled.error, tiled.warn)
 * as the checker says it. Double-clicking a problem makes its layer current, selects its start point
 * (by its id) or its square (on an object layer: the objects on it) and centres the view there.
 *
 * "Board report" (Ctrl+Alt+R): saves the map, runs `main.py board-report` on it (500 races of hard
 * computer racers on every core; a minute at most), then opens the picture it wrote beside the board
 * (<board>-report.png; the page <board>-report.html and the counts <board>-report.csv are beside it)
 * with the system's viewer. What the command says goes to Tiled's console.
 */

/* global tiled, Process, Qt, File, __filename */

var checkBoard = (function () {
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

    /** Every layer of the map, group layers walked through, with the name as the game matches it. */
    function layers(map) {
        var found = [];
        function walk(container, count, at) {
            for (var i = 0; i < count; i++) {
                var layer = at.call(container, i);
                found.push(layer);
                if (layer.isGroupLayer) {
                    walk(layer, layer.layerCount, layer.layerAt);
                }
            }
        }
        walk(map, map.layerCount, map.layerAt);
        return found;
    }

    function layerNamed(map, name) {
        var key = String(name).trim().toLowerCase();
        var all = layers(map);
        for (var i = 0; i < all.length; i++) {
            if (String(all[i].name).trim().toLowerCase() === key) {
                return all[i];
            }
        }
        return null;
    }

    /** The objects of an object layer that lie on a square (a point on it, or a shape whose middle is). */
    function objectsOn(layer, map, column, row) {
        var hits = [];
        var objects = layer.objects || [];
        for (var i = 0; i < objects.length; i++) {
            var o = objects[i];
            var x = o.x + (o.width || 0) / 2;
            var y = o.y + (o.height || 0) / 2;
            if (Math.floor(x / map.tileWidth) === column && Math.floor(y / map.tileHeight) === row) {
                hits.push(o);
            }
        }
        return hits;
    }

    /** Go to a problem's place: its layer made current, its square selected (or its objects), the view on it. */
    function jump(map, problem, editor) {
        var layer = problem.layer ? layerNamed(map, problem.layer) : null;
        if (layer) {
            map.currentLayer = layer;
        }
        var object = layer && layer.isObjectLayer ? objectNumbered(layer, problem.object) : null;
        if (object) { // a start point named by its id: selected, the view on it
            map.selectedObjects = [object];
            centre(editor, object.x + (object.width || 0) / 2, object.y + (object.height || 0) / 2);
            return;
        }
        if (problem.column === null || problem.row === null) {
            return;
        }
        if (layer && layer.isObjectLayer) {
            map.selectedObjects = objectsOn(layer, map, problem.column, problem.row);
        } else {
            map.selectedArea.set(Qt.rect(problem.column, problem.row, 1, 1));
        }
        centre(editor, (problem.column + 0.5) * map.tileWidth, (problem.row + 0.5) * map.tileHeight);
    }

    /** Centre the map's view on a point (in pixels), where the view can be reached. */
    function centre(editor, x, y) {
        var view = editor && editor.currentMapView;
        if (view && isFinite(x) && isFinite(y)) {
            view.centerOn(x, y);
        }
    }

    /** The object of an object layer with this id (null when there is none or no id). */
    function objectNumbered(layer, id) {
        var objects = layer.objects || [];
        for (var i = 0; i < objects.length; i++) {
            if (id !== null && id !== undefined && objects[i].id === id) {
                return objects[i];
            }
        }
        return null;
    }

    /** The text of one problem in the Issues view: where it is (layer, column, row), then the sentence. */
    function issueText(problem) {
        var where = [];
        if (problem.layer) {
            where.push('layer "' + problem.layer + '"');
        }
        if (problem.column !== null && problem.row !== null) {
            where.push("column " + problem.column + ", row " + problem.row);
        }
        return (where.length ? where.join(", ") + ": " : "") + problem.message;
    }

    /** Show check-map's JSON report of one map in the Issues view; returns how many problems it showed. */
    function report(text, map, api) {
        var data;
        try {
            data = JSON.parse(text);
        } catch (error) {
            api.error("Check board: the checker gave no report (" + error + "); is the game set up in " +
                api.folder + "?");
            return 0;
        }
        var shown = 0;
        data.boards.forEach(function (board) {
            board.problems.forEach(function (problem) {
                var say = problem.severity === "error" ? api.error : api.warning;
                say(issueText(problem), function () { jump(map, problem, api.editor); });
                shown++;
            });
        });
        api.log("Check board: " + data.summary);
        return shown;
    }

    /** Save the active map, run the checker on it, list what it says. */
    function run(api) {
        var map = api.activeAsset;
        if (!map || !map.isTileMap) {
            api.warning("Check board: open a board (.tmx) first");
            return;
        }
        if (map.modified || !map.fileName) {
            api.trigger("Save");
        }
        if (!map.fileName) {
            api.warning("Check board: save the board first");
            return;
        }
        var process = api.newProcess(); // exit 1 (an error found) is an answer, not a failure: throwOnError false
        process.workingDirectory = api.folder;
        process.exec(python(api.folder, api.exists), ["main.py", "check-map", "--format", "json", map.fileName], false);
        var out = process.readStdOut();
        var err = process.readStdErr();
        process.close();
        if (report(out, map, api) === 0 && err) {
            api.log(err);
        }
    }

    return {
        gameFolder: gameFolder,
        python: python,
        issueText: issueText,
        report: report,
        jump: jump,
        run: run
    };
}());

var boardReport = (function () {
    "use strict";

    var gameFolder = checkBoard.gameFolder; // (the same folder and Python as "Check board", above)
    var python = checkBoard.python;

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

// The two commands in the Map menu, registered once both are defined (where Tiled has no Map menu, as in
// its command-line export, extending it fails: neither command is left undefined by the other's failure).
(function register() {
    "use strict";
    if (typeof tiled === "undefined") {
        return; // read by a test, outside Tiled
    }
    var folder = checkBoard.gameFolder(typeof __filename !== "undefined" ? __filename : "");
    var action = tiled.registerAction("FantasyRacingCheckBoard", function () {
        checkBoard.run({
            activeAsset: tiled.activeAsset,
            folder: folder,
            editor: tiled.mapEditor,
            exists: function (path) { return File.exists(path); },
            newProcess: function () { return new Process(); },
            trigger: function (name) { tiled.trigger(name); },
            error: function (text, jumpTo) { tiled.error(text, jumpTo); },
            warning: function (text, jumpTo) { tiled.warn(text, jumpTo); },
            log: function (text) { tiled.log(text); }
        });
    });
    action.text = "Check board (Fantasy Racing)";
    action.shortcut = "Ctrl+Alt+I";
    tiled.extendMenu("Map", [{ separator: true }, { action: "FantasyRacingCheckBoard" }]);
}());

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
