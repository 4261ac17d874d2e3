// report.html's replay viewer and self-check. The page is complete without
// this script (tables and charts are drawn by tourney itself); the script
// only steps through the games embedded in #replay-data, and checks that
// the page reads well at the window's width. It never loads
// anything, and writes text with textContent only, so names and messages
// from the log stay text.
(function () {
  'use strict';
  var SVG = 'http://www.w3.org/2000/svg';
  var CELL = 40;
  var EMPTY = { '.': true, '-': true, '_': true };
  var body = document.body;
  var failures = [];

  // The outcome of the self-check, for tests that load the page in a
  // browser: data-selfcheck="ok" or "failed: ...".
  function fail(message) {
    failures.push(message);
    body.setAttribute('data-selfcheck', 'failed: ' + failures.join('; '));
  }
  window.addEventListener('error', function (event) {
    fail('script error: ' + event.message);
  });

  var source = document.getElementById('replay-data');
  var data = source ? JSON.parse(source.textContent) : { agents: [], boards: false, games: [] };
  var viewer = document.getElementById('viewer');
  var board = document.getElementById('viewer-board');
  var movesList = document.getElementById('viewer-moves');
  var current = { game: -1, ply: 0, texts: [], grids: [], marks: {} };

  function byId(id) {
    return document.getElementById(id);
  }

  function name(seat, game) {
    var index = game.a[seat];
    return data.agents[index] !== undefined ? data.agents[index] : 'agent ' + index;
  }

  // The position texts of a game, rebuilt from the start position and the
  // runs of characters that changed at each ply.
  function positionTexts(game) {
    var out = [];
    var list = game.p || [];
    for (var i = 0; i < list.length; i++) {
      var entry = list[i];
      if (typeof entry === 'string') {
        out.push(entry);
        continue;
      }
      var chars = out[i - 1].split('');
      for (var k = 0; k + 1 < entry.length; k += 2) {
        for (var c = 0; c < entry[k + 1].length; c++) {
          chars[entry[k] + c] = entry[k + 1][c];
        }
      }
      out.push(chars.join(''));
    }
    return out;
  }

  // A position's text as rows of cells: a row with spaces is split into
  // words ("x . o"), any other row into characters ("x.o").
  function grid(text) {
    return text.split('\n').filter(function (row) {
      return row.trim() !== '';
    }).map(function (row) {
      var trimmed = row.trim();
      return /\s/.test(trimmed) ? trimmed.split(/\s+/) : Array.from(trimmed);
    });
  }

  // Marks take colours in the order they appear in the game, so the first
  // player's mark has the first colour whatever the game calls it.
  function markColours(grids) {
    var marks = {};
    var next = 0;
    grids.forEach(function (rows) {
      rows.forEach(function (row) {
        row.forEach(function (token) {
          if (!EMPTY[token] && marks[token] === undefined && next < 3) {
            marks[token] = next++;
          }
        });
      });
    });
    return marks;
  }

  // The colour of the mark SEAT put down with its first move, if any.
  function seatColour(game, seat) {
    for (var ply = 1; ply < current.grids.length; ply++) {
      if ((game.s[ply - 1] === '1' ? 1 : 0) !== seat) {
        continue;
      }
      var before = current.grids[ply - 1];
      var after = current.grids[ply];
      for (var r = 0; r < after.length; r++) {
        for (var c = 0; c < after[r].length; c++) {
          var token = after[r][c];
          if (!EMPTY[token] && (!before[r] || before[r][c] !== token)) {
            return current.marks[token];
          }
        }
      }
      return undefined;
    }
    return undefined;
  }

  function svgElement(name, attributes, parent) {
    var element = document.createElementNS(SVG, name);
    Object.keys(attributes).forEach(function (key) {
      element.setAttribute(key, attributes[key]);
    });
    parent.appendChild(element);
    return element;
  }

  function drawBoard(rows, before) {
    while (board.firstChild) {
      board.removeChild(board.firstChild);
    }
    var width = rows.reduce(function (most, row) {
      return Math.max(most, row.length);
    }, 1);
    board.setAttribute('viewBox', '0 0 ' + width * CELL + ' ' + Math.max(rows.length, 1) * CELL);
    rows.forEach(function (row, r) {
      row.forEach(function (token, c) {
        var x = c * CELL;
        var y = r * CELL;
        var changed = before && before[r] && before[r][c] !== token;
        svgElement('rect', {
          'class': changed ? 'cell last' : 'cell',
          x: x + 1, y: y + 1, width: CELL - 2, height: CELL - 2, rx: 4
        }, board);
        if (EMPTY[token]) {
          return;
        }
        var colour = current.marks[token];
        if (colour !== undefined) {
          svgElement('circle', {
            'class': 't' + colour, cx: x + CELL / 2, cy: y + CELL / 2, r: CELL * 0.36
          }, board);
        }
        var label = svgElement('text', {
          'class': colour === undefined ? 'plain' : '',
          x: x + CELL / 2, y: y + CELL / 2 + 5.5, 'text-anchor': 'middle'
        }, board);
        label.textContent = token;
      });
    });
  }

  // A result as the page writes it: "1\u20130", "0\u20131", "\u00bd\u2013\u00bd".
  function resultText(result) {
    return result.replace(/1\/2/g, '\u00bd').replace('-', '\u2013');
  }

  function describeEnd(game) {
    var end = byId('viewer-end');
    end.textContent = '';
    var result = document.createElement('p');
    var winner = game.r === '1-0' ? name(0, game) + ' won' :
      game.r === '0-1' ? name(1, game) + ' won' : 'a draw';
    result.textContent = 'Result ' + resultText(game.r) + ' (' + winner + '), termination ' +
      game.t +
      (game.f === null ? '' : ', the fault of ' + name(game.f, game)) +
      (game.why ? ': ' + game.why : '');
    end.appendChild(result);
    var lines = game.log.map(function (entry) {
      return name(entry[0], game) + ' at ply ' + entry[1] + ' (' + entry[2] + '): ' + entry[3];
    });
    [0, 1].forEach(function (seat) {
      if (game.out[seat]) {
        lines.push(name(seat, game) + ' printed:\n' + game.out[seat]);
      }
    });
    if (lines.length) {
      var pre = document.createElement('pre');
      pre.textContent = lines.join('\n');
      end.appendChild(pre);
    }
  }

  function show(ply) {
    var game = data.games[current.game];
    current.ply = Math.max(0, Math.min(ply, game.m.length));
    var status = byId('viewer-status');
    if (current.ply === 0) {
      // A game from an opening starts from its position, which "o" names.
      var from = game.o !== undefined ? ', from the opening ' + game.o : '';
      status.textContent = 'Start' + from + ': ' + game.m.length + ' move' +
        (game.m.length === 1 ? '' : 's') + ' to play';
    } else {
      var seat = game.s[current.ply - 1] === '1' ? 1 : 0;
      status.textContent = 'Move ' + current.ply + ' of ' + game.m.length + ': ' +
        name(seat, game) + ' plays ' + game.m[current.ply - 1];
    }
    if (current.grids.length > current.ply) {
      board.hidden = false;
      var before = current.ply > 0 ? current.grids[current.ply - 1] : null;
      drawBoard(current.grids[current.ply], before);
    } else {
      board.hidden = true;
      if (data.boards) {
        status.textContent += ' (the game plugin could not draw this position)';
      }
    }
    Array.prototype.forEach.call(movesList.children, function (item, i) {
      item.className = i + 1 === current.ply ? 'current' : i + 1 > current.ply ? 'after' : '';
    });
    var last = current.ply === game.m.length;
    byId('viewer-end').hidden = !last;
    byId('viewer-first').disabled = byId('viewer-prev').disabled = current.ply === 0;
    byId('viewer-next').disabled = byId('viewer-last').disabled = last;
  }

  function select(index) {
    var game = data.games[index];
    current.game = index;
    current.texts = positionTexts(game);
    current.grids = current.texts.map(grid);
    current.marks = markColours(current.grids);
    byId('viewer-title').textContent = 'Game ' + game.n + ': ' + name(0, game) + ' vs ' +
      name(1, game);
    var players = byId('viewer-players');
    players.textContent = '';
    [0, 1].forEach(function (seat) {
      var line = document.createElement('div');
      var colour = seatColour(game, seat);
      if (colour !== undefined) {
        var mark = document.createElement('span');
        mark.className = 'mark t' + colour;
        line.appendChild(mark);
      }
      line.appendChild(document.createTextNode((seat === 0 ? 'first: ' : 'second: ') +
        name(seat, game)));
      players.appendChild(line);
    });
    movesList.textContent = '';
    game.m.forEach(function (move, i) {
      var item = document.createElement('li');
      item.textContent = move;
      item.addEventListener('click', function () {
        show(i + 1);
      });
      movesList.appendChild(item);
    });
    describeEnd(game);
    document.querySelectorAll('table.games tr[data-game]').forEach(function (row) {
      row.classList.toggle('selected', Number(row.getAttribute('data-game')) === index);
    });
    // The final position first, with the result: stepping back replays it.
    show(game.m.length);
  }

  function step(how) {
    if (current.game < 0) {
      return;
    }
    var moves = data.games[current.game].m.length;
    show({ first: 0, prev: current.ply - 1, next: current.ply + 1, last: moves }[how]);
  }

  function start() {
    if (!viewer || data.games.length === 0) {
      return;
    }
    viewer.hidden = false;
    ['first', 'prev', 'next', 'last'].forEach(function (how) {
      byId('viewer-' + how).addEventListener('click', function () {
        step(how);
      });
    });
    document.querySelectorAll('table.games button[data-game]').forEach(function (button) {
      button.addEventListener('click', function () {
        select(Number(button.getAttribute('data-game')));
        viewer.scrollIntoView({ block: 'nearest' });
      });
    });
    // The keys step through the game while the viewer is on screen; elsewhere
    // Home and End keep scrolling the page.
    document.addEventListener('keydown', function (event) {
      var tag = event.target && event.target.tagName;
      var box = viewer.getBoundingClientRect();
      if (tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT' || event.altKey ||
          event.ctrlKey || event.metaKey || box.bottom <= 0 || box.top >= window.innerHeight) {
        return;
      }
      var how = { ArrowLeft: 'prev', ArrowRight: 'next', Home: 'first', End: 'last' }[event.key];
      if (how) {
        step(how);
        event.preventDefault();
      }
    });
    select(0);
  }

  // The smallest text of a drawing, in CSS pixels as shown: its font size
  // in the drawing's units times the scale the page draws it at.
  function smallestText(svg) {
    var box = svg.getBoundingClientRect();
    var view = svg.viewBox && svg.viewBox.baseVal;
    var scale = view && view.width > 0 ? box.width / view.width : 1;
    var smallest = Infinity;
    Array.prototype.forEach.call(svg.querySelectorAll('text'), function (text) {
      smallest = Math.min(smallest, parseFloat(window.getComputedStyle(text).fontSize) * scale);
    });
    return smallest;
  }

  // The ids of the sections whose tables scroll sideways in their box.
  function overflowing() {
    var ids = [];
    Array.prototype.forEach.call(document.querySelectorAll('.scroll, nav ul'), function (box) {
      var section = box.closest('section');
      var id = section ? section.id : 'header';
      if (box.scrollWidth > box.clientWidth + 1 && ids.indexOf(id) < 0) {
        ids.push(id);
      }
    });
    return ids;
  }

  // Every chart the page announces is there, drawn and readable (text of
  // 11 px or more), the page never scrolls sideways (wide tables scroll in
  // their own boxes, which data-overflowing lists), the standings never do
  // and always show rank, agent, score and Elo, and the viewer can step
  // through a game from its first position to its last.
  function selfCheck() {
    var width = window.innerWidth;
    if (document.documentElement.scrollWidth > width + 1) {
      fail('the page is ' + document.documentElement.scrollWidth + ' pixels wide in a window of ' +
        width);
    }
    var facts = byId('page-facts');
    var expected = Number(facts ? facts.getAttribute('data-charts') : NaN);
    var charts = document.querySelectorAll('svg.chart');
    if (charts.length !== expected) {
      fail(charts.length + ' charts, expected ' + expected);
    }
    Array.prototype.forEach.call(charts, function (chart) {
      var box = chart.getBoundingClientRect();
      if (!(box.width > 0 && box.height > 0) ||
          !chart.querySelector('rect.bar, circle.dot, polyline.line')) {
        fail('chart ' + chart.id + ' is not drawn');
      }
    });
    Array.prototype.forEach.call(document.querySelectorAll('svg.chart, svg.legend'),
      function (svg) {
        var size = smallestText(svg);
        if (size < 11) {
          fail((svg.id || 'a legend') + ' has text of ' + size.toFixed(1) + ' px');
        }
      });
    var standings = document.querySelector('#standings .scroll');
    if (standings && standings.scrollWidth > standings.clientWidth + 1) {
      fail('the standings scroll sideways');
    }
    Array.prototype.forEach.call(document.querySelectorAll('table.standings tr.agent'),
      function (row) {
        var keys = row.querySelectorAll('.key');
        Array.prototype.forEach.call(keys, function (cell) {
          var box = cell.getBoundingClientRect();
          if (!(box.width > 0) || box.left < 0 || box.right > width + 1) {
            fail('a key column of ' + row.getAttribute('data-agent') + ' is not in view');
          }
        });
        if (keys.length !== 4) {
          fail(keys.length + ' key columns in the standings');
        }
      });
    body.setAttribute('data-overflowing', overflowing().join(' '));
    if (data.games.length > 0) {
      var game = data.games[0];
      select(0);
      step('first');
      if (current.ply !== 0) {
        fail('the viewer did not go back to the start');
      }
      step('last');
      if (current.ply !== game.m.length) {
        fail('the viewer did not reach the last move');
      }
      step('first');
      if (current.ply !== 0) {
        fail('the viewer did not go back to the start');
      }
      if (game.m.length > 0) {
        step('next');
        if (current.ply !== 1) {
          fail('the viewer did not step forward');
        }
      }
      if (data.boards && current.grids.length > current.ply &&
          board.querySelectorAll('rect.cell').length === 0) {
        fail('the viewer drew no board');
      }
      select(0);
    }
    if (failures.length === 0) {
      body.setAttribute('data-selfcheck', 'ok');
    }
  }

  try {
    start();
    selfCheck();
  } catch (error) {
    fail('script error: ' + error.message);
  }
})();
