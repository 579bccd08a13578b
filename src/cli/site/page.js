/*
 * umpire site: step through the game with the slider or the arrow keys,
 * and re-derive every roll from the seed with WebCrypto, as
 * umpire-files(5) says ("Dice from a committed seed"):
 *
 *   HMAC-SHA256(key = seed, "umpire-dice-v1" 0 game 0 step 0 r 0 j)
 *
 * read as eight big-endian 32-bit words; the first w below
 * 2^32 - (2^32 mod n) gives the die w mod n + 1.  The verdict goes into
 * <body data-dice="checked N of M">, for programs to read.
 *
 * Every shuffle whose order the report tells (a game that hides
 * nothing) is re-derived too, Fisher and Yates from the last place
 * down, place i swapped with the one drawn as a die of i + 1 faces
 * (less one) from
 *
 *   HMAC-SHA256(key = seed, "umpire-shuffle-v1" 0 game 0 step 0 k 0 i 0 j)
 *
 * and its verdict goes into <body data-shuffles="checked N of M">.
 *
 * A shuffle whose order the rules keep secret (a game that hides
 * information) is told by a commitment to it instead (secret.h): once
 * the seed is revealed, the order the seed gives, written as the order
 * column would be ("2 0 3 1"), must open it:
 *
 *   salt = HMAC-SHA256(key = seed, "umpire-salt-v1" 0 "shuffle/" step "/" k)
 *   commitment = "sha256:" hex(SHA-256(salt || order))
 *
 * Those count in data-shuffles too.  Before the reveal the page has no
 * seed, and says data-shuffles="sealed".
 */
"use strict";
(function () {
	var data = JSON.parse(document.getElementById("umpire-data").textContent);
	var steps = Array.prototype.slice.call(
		document.querySelectorAll("section.step"));
	var slider = document.getElementById("slider");
	var where = document.getElementById("where");
	var current = -1;

	function show(i) {
		if (!steps.length)
			return;
		i = Math.max(0, Math.min(steps.length - 1, i));
		steps.forEach(function (s, k) { s.hidden = k !== i; });
		current = i;
		slider.value = String(i);
		where.textContent = "step " + steps[i].getAttribute("data-step") +
			" (" + (i + 1) + " of " + steps.length + ")";
		document.body.setAttribute("data-current",
			steps[i].getAttribute("data-step"));
	}

	slider.max = String(Math.max(0, steps.length - 1));
	slider.addEventListener("input", function () { show(Number(slider.value)); });
	document.getElementById("prev").addEventListener("click",
		function () { show(current - 1); });
	document.getElementById("next").addEventListener("click",
		function () { show(current + 1); });
	document.addEventListener("keydown", function (e) {
		if (e.target === slider || e.altKey || e.ctrlKey || e.metaKey)
			return;		/* the slider moves itself */
		var to = e.key === "ArrowLeft" ? current - 1 :
			e.key === "ArrowRight" ? current + 1 :
			e.key === "Home" ? 0 : e.key === "End" ? steps.length - 1 : null;
		if (to === null)
			return;
		e.preventDefault();
		show(to);
	});
	var start = steps.length - 1;
	steps.forEach(function (s, k) {
		if (location.hash === "#" + s.id)
			start = k;
	});
	show(start);

	var verdict = document.getElementById("dice");
	function say(attr, text, cls) {
		document.body.setAttribute("data-dice", attr);
		verdict.textContent = text;
		if (cls)
			verdict.className = cls;
	}

	var total = 0, shuffles = 0, committed = 0, kept = 0;
	data.steps.forEach(function (s) {
		total += s.rolls.length;
		(s.shuffles || []).forEach(function (sh) {
			if (sh.order || sh.commitment)
				shuffles++;
			if (sh.commitment)
				committed++;
			if (!sh.order && !sh.commitment)
				kept++;
		});
	});
	function saySome(attr, text) {
		document.body.setAttribute("data-shuffles", attr);
		var line = document.getElementById("shuffles");
		if (line)
			line.textContent = text;
	}
	var keptText = kept ? " " + kept + " shuffle" + (kept === 1 ? "" : "s") +
		" whose order the reports neither tell nor commit to (a game " +
		"that hides information, played before umpire 0.6.0) cannot be " +
		"checked here; umpire verify checks them once the seed is " +
		"public." : "";
	if (data.sealed) {
		say("sealed", "This game is sealed and its seed not revealed yet: " +
			"its " + total + " rolls can be checked once it is.");
		saySome("sealed", (shuffles ? "Its " + shuffles + " shuffle" +
			(shuffles === 1 ? " is" : "s are") + " sealed, not yet " +
			"revealed: " + (shuffles === 1 ? "it" : "they") + " can be " +
			"checked once the seed is." : "") + keptText);
		return;
	}
	if (!window.crypto || !window.crypto.subtle) {
		say("unavailable", "This browser offers no WebCrypto here (a page " +
			"served over plain http): the rolls cannot be checked.");
		saySome("unavailable", "");
		return;
	}

	function hexBytes(hex) {
		var out = new Uint8Array(hex.length / 2);
		for (var i = 0; i < out.length; i++)
			out[i] = parseInt(hex.substr(2 * i, 2), 16);
		return out;
	}

	var enc = new TextEncoder();
	/* The draw rolls and shuffles share: 0 .. n - 1, from tag's fields. */
	function draw(key, tag, fields, n) {
		var limit = 4294967296 - 4294967296 % n;
		function attempt(j) {
			var msg = enc.encode([tag, data.game].concat(fields.map(String),
				[String(j)]).join("\u0000"));
			return crypto.subtle.sign("HMAC", key, msg).then(function (b) {
				var v = new DataView(b);
				for (var i = 0; i < 8; i++) {
					var w = v.getUint32(4 * i, false);
					if (w < limit)
						return w % n;
				}
				return attempt(j + 1);
			});
		}
		return attempt(0);
	}
	function derive(key, step, r, sides) {
		return draw(key, "umpire-dice-v1", [step, r], sides).then(
			function (x) { return x + 1; });
	}
	/* Shuffle k of step's n places: each place's place before. */
	function deriveOrder(key, step, k, n) {
		var draws = [];
		for (var i = n - 1; i >= 1; i--)
			draws.push(draw(key, "umpire-shuffle-v1", [step, k, i], i + 1));
		return Promise.all(draws).then(function (xs) {
			var order = [];
			for (var p = 0; p < n; p++)
				order.push(p);
			xs.forEach(function (x, d) {
				var i = n - 1 - d, t = order[i];
				order[i] = order[x];
				order[x] = t;
			});
			return order;
		});
	}

	/* The commitment to a secret order: as secret.h commits a value. */
	function commitTo(key, label, text) {
		return crypto.subtle.sign("HMAC", key, enc.encode("umpire-salt-v1" +
			"\u0000" + label)).then(function (salt) {
			var value = enc.encode(text), both = new Uint8Array(32 +
				value.length);
			both.set(new Uint8Array(salt), 0);
			both.set(value, 32);
			return crypto.subtle.digest("SHA-256", both);
		}).then(function (h) {
			var bytes = new Uint8Array(h), hex = "";
			for (var i = 0; i < bytes.length; i++)
				hex += (bytes[i] < 16 ? "0" : "") + bytes[i].toString(16);
			return "sha256:" + hex;
		});
	}

	function mark(step, roll, ok, want) {
		var cell = document.querySelector("#step-" + step +
			" table.rolls tr[data-roll=\"" + roll.roll + "\"] td.check");
		if (!cell)
			return;
		cell.textContent = ok ? "\u2713 checked" : "\u2717 wrong: the seed gives " + want;
		cell.className = "check " + (ok ? "ok" : "wrong");
	}

	function markShuffle(step, sh, ok, want) {
		var cell = document.querySelector("#step-" + step +
			" table.shuffles tr[data-shuffle=\"" + sh.shuffle + "\"] td.check");
		if (!cell)
			return;
		cell.textContent = ok ? "\u2713 checked" : sh.order ?
			"\u2717 wrong: the seed gives " + want.join(" ") :
			"\u2717 wrong: the order the seed gives, " + want.join(" ") +
			", does not open this commitment";
		cell.className = "check " + (ok ? "ok" : "wrong");
	}

	say("checking", "Checking " + total + " rolls against the seed\u2026");
	saySome("checking", "Checking " + shuffles + " shuffles against the " +
		"seed\u2026");
	crypto.subtle.importKey("raw", hexBytes(data.seed),
		{ name: "HMAC", hash: "SHA-256" }, false, ["sign"]).then(function (key) {
		var jobs = [];
		data.steps.forEach(function (s) {
			s.rolls.forEach(function (roll) {
				jobs.push(derive(key, s.step, roll.roll, roll.sides).then(
					function (want) {
						var ok = want === roll.die;
						mark(s.step, roll, ok, want);
						return ok;
					}));
			});
		});
		var sjobs = [];
		data.steps.forEach(function (s) {
			(s.shuffles || []).forEach(function (sh) {
				if (!sh.order && !sh.commitment) {
					var cell = document.querySelector("#step-" + s.step +
						" table.shuffles tr[data-shuffle=\"" + sh.shuffle +
						"\"] td.check");
					if (cell)
						cell.textContent = "kept: the rules keep its order";
					return;
				}
				var want;
				sjobs.push(deriveOrder(key, s.step, sh.shuffle, sh.items).then(
					function (order) {
						want = order;
						return sh.order ? null : commitTo(key, "shuffle/" +
							s.step + "/" + sh.shuffle, order.join(" "));
					}).then(function (opened) {
						var ok = sh.order ? want.length === sh.order.length &&
							want.every(function (x, p) {
								return x === sh.order[p];
							}) : opened === sh.commitment;
						markShuffle(s.step, sh, ok, want);
						return ok;
					}));
			});
		});
		Promise.all(sjobs).then(function (oks) {
			var good = oks.filter(function (ok) { return ok; }).length;
			saySome("checked " + good + " of " + oks.length, (good ===
				oks.length ? "Every shuffle the reports tell or commit to " +
				"checked: " +
				good + " of " + oks.length + " are what the seed gives." :
				"Wrong shuffles: only " + good + " of " + oks.length +
				" are what the seed gives; the others are marked.") +
				keptText);
		}, function (err) {
			saySome("error", "The shuffles could not be checked: " + err);
		});
		return Promise.all(jobs);
	}).then(function (oks) {
		var good = oks.filter(function (ok) { return ok; }).length;
		say("checked " + good + " of " + oks.length, good === oks.length ?
			"Every roll checked: " + good + " of " + oks.length +
			" rolls are what the seed gives." :
			"Wrong rolls: only " + good + " of " + oks.length +
			" rolls are what the seed gives; the others are marked.",
			good === oks.length ? "ok" : "wrong");
	}, function (err) {
		say("error", "The rolls could not be checked: " + err, "wrong");
	});
})();
