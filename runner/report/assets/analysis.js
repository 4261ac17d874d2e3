// report.html's marks of the exact analysis (analysis.jsonl), only in a page
// that has one. It leaves the replay viewer (report.js) as it is and follows
// it: when the viewer lists a game's moves, each move graded by the analysis
// gets its grade's symbol and colour, with its values in a tooltip; under
// the list, the value of every position of the game from the first player's
// view, and the chosen move's values in words. Text is written with
// textContent only: nothing from the files becomes markup.
(function () {
  'use strict';
  var SVG = 'http://www.w3.org/2000/svg';
  var GRADES = {
    b: { name: 'best', symbol: '\u2713' },
    s: { name: 'slower', symbol: '?!' },
    x: { name: 'blunder', symbol: '??' },
    u: { name: 'unknown', symbol: '\u2013' }
  };
  var WIDTH = 360;
  var HEIGHT = 120;
  var LEFT = 58;
  var RIGHT = 8;
  var TOP = 10;
  var BOTTOM = 10;
  var source = document.getElementById('replay-data');
  var list = document.getElementById('viewer-moves');
  var viewer = document.getElementById('viewer');
  if (!source || !list || !viewer) {
    return;
  }
  var data = JSON.parse(source.textContent);
  var chart = document.createElementNS(SVG, 'svg');
  chart.setAttribute('class', 'values');
  chart.setAttribute('id', 'viewer-values');
  chart.setAttribute('viewBox', '0 0 ' + WIDTH + ' ' + HEIGHT);
  chart.setAttribute('role', 'img');
  chart.setAttribute('aria-label', 'The value of each position of the game, for the first ' +
    'player: up a win, the middle a draw, down a loss, nearer the edge sooner');
  var line = document.createElement('div');
  line.className = 'value-line';
  line.id = 'viewer-value';
  list.parentNode.insertBefore(line, list);
  list.parentNode.insertBefore(chart, line);
  var shown = { game: null, ply: -1 };

  // A value of the data ("w5", "l2", "d", "u") read: a result and plies.
  function read(value) {
    var match = typeof value === 'string' ? /^([wl])([0-9]{1,9})$/.exec(value) : null;
    if (match) {
      return { result: match[1], plies: Number(match[2]) };
    }
    return { result: value === 'd' ? 'd' : 'u', plies: 0 };
  }

  function words(value) {
    if (value.result === 'w' || value.result === 'l') {
      return (value.result === 'w' ? 'win' : 'loss') + ' in ' + value.plies;
    }
    return value.result === 'd' ? 'draw' : 'unknown';
  }

  // The same value for the other player.
  function other(value) {
    var flip = { w: 'l', l: 'w', d: 'd', u: 'u' };
    return { result: flip[value.result], plies: value.plies };
  }

  function graded(game) {
    return game && typeof game.g === 'string' && Array.isArray(game.v) &&
      game.g.length === game.m.length && game.v.length === game.m.length;
  }

  function seatOf(game, i) {
    return game.s[i] === '1' ? 1 : 0;
  }

  // The value of each position of GAME for the first player: before each
  // move, from the mover's value; after the last, from what it reached,
  // one ply less (the game is over there).
  function firstPlayerValues(game) {
    var values = [];
    for (var i = 0; i < game.m.length; i++) {
      var before = read(game.v[i][0]);
      values.push(seatOf(game, i) === 0 ? before : other(before));
    }
    if (game.m.length > 0) {
      var last = game.m.length - 1;
      var reached = read(game.v[last][1]);
      var end = { result: reached.result, plies: Math.max(reached.plies - 1, 0) };
      values.push(seatOf(game, last) === 0 ? end : other(end));
    }
    return values;
  }

  // Up for a win, down for a loss, the nearer the edge the sooner; a draw
  // in the middle; null (a gap) for unknown.
  function height(value, longest) {
    if (value.result === 'd') {
      return 0;
    }
    if (value.result !== 'w' && value.result !== 'l') {
      return null;
    }
    var y = 1 - 0.5 * Math.min(value.plies, longest) / Math.max(longest, 1);
    return value.result === 'w' ? y : -y;
  }

  function element(name, attributes, parent) {
    var node = document.createElementNS(SVG, name);
    Object.keys(attributes).forEach(function (key) {
      node.setAttribute(key, attributes[key]);
    });
    parent.appendChild(node);
    return node;
  }

  function label(text, y) {
    var node = element('text', { x: LEFT - 6, y: y + 4, 'text-anchor': 'end' }, chart);
    node.textContent = text;
  }

  function go(ply) {
    if (ply === 0) {
      document.getElementById('viewer-first').click();
    } else if (list.children[ply - 1]) {
      list.children[ply - 1].click();
    }
  }

  function drawChart(game) {
    while (chart.firstChild) {
      chart.removeChild(chart.firstChild);
    }
    var values = firstPlayerValues(game);
    var longest = values.reduce(function (most, value) {
      return Math.max(most, value.plies);
    }, 1);
    var span = Math.max(values.length - 1, 1);
    var x = function (ply) {
      return LEFT + (WIDTH - LEFT - RIGHT) * ply / span;
    };
    var y = function (h) {
      return TOP + (HEIGHT - TOP - BOTTOM) * (1 - h) / 2;
    };
    element('line', { 'class': 'axis', x1: LEFT, x2: LEFT, y1: TOP, y2: HEIGHT - BOTTOM }, chart);
    element('line', { 'class': 'draw', x1: LEFT, x2: WIDTH - RIGHT, y1: y(0), y2: y(0) }, chart);
    label('1st wins', y(1));
    label('draw', y(0));
    label('2nd wins', y(-1));
    element('line', { 'class': 'now', id: 'viewer-values-now', x1: x(0), x2: x(0), y1: TOP,
      y2: HEIGHT - BOTTOM }, chart);
    var points = [];
    var flush = function () {
      if (points.length > 1) {
        element('polyline', { points: points.join(' ') }, chart);
      }
      points = [];
    };
    values.forEach(function (value, ply) {
      var h = height(value, longest);
      if (h === null) {
        flush();
        return;
      }
      points.push(x(ply).toFixed(1) + ',' + y(h).toFixed(1));
    });
    flush();
    values.forEach(function (value, ply) {
      var h = height(value, longest);
      var grade = ply > 0 ? game.g[ply - 1] : '';
      var dot = element('circle', {
        'class': ply > 0 ? 'g-' + (GRADES[grade] ? grade : 'u') : 'start',
        cx: x(ply), cy: y(h === null ? 0 : h), r: h === null ? 2 : 3.5
      }, chart);
      var title = element('title', {}, dot);
      title.textContent = (ply === 0 ? 'start' : 'after move ' + ply) + ': ' + words(value) +
        ' for the first player';
      dot.addEventListener('click', function () {
        go(ply);
      });
    });
    chart.setAttribute('data-span', String(span));
  }

  function describe(game, i) {
    var grade = GRADES[game.g[i]] || GRADES.u;
    return grade.name + ': ' + words(read(game.v[i][0])) + ' \u2192 ' +
      words(read(game.v[i][1]));
  }

  function markMoves(game) {
    Array.prototype.forEach.call(list.children, function (item, i) {
      if (item.querySelector('.grade') || i >= game.m.length) {
        return;
      }
      var grade = GRADES[game.g[i]] ? game.g[i] : 'u';
      var mark = document.createElement('span');
      mark.className = 'grade g-' + grade;
      mark.textContent = GRADES[grade].symbol;
      item.appendChild(mark);
      item.title = describe(game, i);
    });
  }

  function currentPly() {
    for (var i = 0; i < list.children.length; i++) {
      if (list.children[i].className === 'current') {
        return i + 1;
      }
    }
    return 0;
  }

  function showPly(game, ply) {
    var now = document.getElementById('viewer-values-now');
    if (now) {
      var span = Number(chart.getAttribute('data-span'));
      var x = LEFT + (WIDTH - LEFT - RIGHT) * ply / span;
      now.setAttribute('x1', x);
      now.setAttribute('x2', x);
    }
    var values = firstPlayerValues(game);
    if (ply === 0) {
      line.textContent = 'Start: ' + (values.length ? words(values[0]) : 'unknown') +
        ' for the first player';
    } else {
      var seat = seatOf(game, ply - 1);
      var name = data.agents[game.a[seat]];
      line.textContent = 'Move ' + ply + ' (' + game.m[ply - 1] + ', ' +
        (name !== undefined ? name : 'agent ' + game.a[seat]) + '): ' + describe(game, ply - 1);
    }
  }

  function selectedGame() {
    var row = document.querySelector('table.games tr.selected');
    var index = row ? Number(row.getAttribute('data-game')) : -1;
    return data.games[index];
  }

  function follow() {
    var game = selectedGame();
    if (!graded(game)) {
      chart.style.display = 'none';
      line.textContent = game ? 'This game has no exact analysis.' : '';
      shown.game = game;
      return;
    }
    chart.style.display = '';
    if (shown.game !== game || !list.querySelector('.grade')) {
      shown.game = game;
      markMoves(game);
      drawChart(game);
    }
    showPly(game, currentPly());
  }

  new MutationObserver(follow).observe(list, {
    childList: true,
    subtree: true,
    attributes: true,
    attributeFilter: ['class']
  });
  follow();
})();
