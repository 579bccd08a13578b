/*
 * fuzz_orders - orders files (core/game.c's check, the rulesets'
 * orders.c and plan.c), against sixteen fixed states loaded once: four
 * of each of Army Man Backgammon, WWII Combined Arms, Army Men and
 * Backgammon Wars.
 *
 * Every input is checked against each state.  Orders the check passes
 * are resolved on a fresh copy of that state; the new state must encode,
 * load again and encode to the same bytes, and the bot's orders for it
 * must pass the check.  The states come from games the bot played:
 *
 *   a  the standard game at step 17: green to play 6 and 4, both
 *      Sergeants alive, men of both sides in contact;
 *   b  the same game at step 21: green's Sergeant is dead (Dig In or
 *      Charge only), green to play 2 and 1;
 *   c  a variant: four dice, Fire & Movement and Dig In off, men with
 *      several weapons and ids of their own; tan to play 2, 4, 3 and 2;
 *   d  made by hand: close quarters, where green (4 and 3) can Dig In
 *      against two targets, attack and move, capture tan's Sergeant, or
 *      move off and win;
 *   e  WWII: a standard game at step 41, the allies' turn 4, the armies
 *      in contact (from an earlier recording of samples/wwii/game);
 *   f  WWII, made by hand: every optional rule but the campaign, a
 *      reinforcement due, airfields, AA guns, paratroopers, elite and
 *      experienced units, cities and difficult terrain;
 *   g  WWII: the allies design their army (Elite Units in play);
 *   h  WWII: the axis place a unit;
 *   i  Army Men: the standard battle (samples/armymen/game) at step 45,
 *      tan's Fires card in turn 6, both tanks and most soldiers up;
 *   j  the same game at step 41, green's Moves card;
 *   k  at step 44, tan's Assaults card;
 *   l  at step 47, tan's Rallies card.
 *   m  Backgammon Wars without the Power Deck, step 41: black to play 2
 *      and 5, a white barrier and a fire written in by hand;
 *   n  the same game at step 42: white declares;
 *   o  state m with black's mages declared, to cast 4 and 6;
 *   p  the sample game (samples/bgw/game) at step 41, Power Deck and
 *      all: its public part only, as a player's check sees it, so its
 *      orders are checked but never resolved (that needs the secret).
 *
 * The seed corpus (corpus/orders) holds the bot's orders for these and
 * other steps, hand-made legal and illegal orders, and hostile files.
 *
 * The diagnostics are printed after the orders' arena is freed, as the
 * CLI does: they must own everything they print.
 */
#include <sysexits.h>

#include "core/game.h"
#include "fuzz.h"

static const char state_a[] =
	"# umpire game state: change it only through umpire (umpire verify "
	"notices any edit)\n"
	"umpire: 1\n"
	"ruleset: amb\n"
	"game: amb-74d31d4dc6\n"
	"version: \"0.1.0\"\n"
	"seed: "
	"\"7f6e5d4c3b2a19080706050403020100f0e0d0c0b0a090807060504030201000"
	"\"\n"
	"step: 17\n"
	"title: \"The standard game\"\n"
	"players:\n"
	"  green: {name: \"Green Player\", email: \"green@example.org\"}\n"
	"  tan: {name: \"Tan Player\", email: \"tan@example.org\"}\n"
	"awaiting: {player: green, step: 17, kind: turn, dice: [6, 4]}\n"
	"options:\n"
	"  dice: 2\n"
	"  fire-and-movement: true\n"
	"  charge: true\n"
	"  dig-in: true\n"
	"  infiltration: true\n"
	"  sergeant: true\n"
	"armies:\n"
	"  green:\n"
	"  - {id: g1, weapon: bazooka, stance: kneeling, row: 5}\n"
	"  - {id: g2, weapon: mortar, stance: kneeling, row: 1}\n"
	"  - {id: g3, weapon: radio, stance: kneeling, row: 4}\n"
	"  - {id: g5, weapon: machine-gun, stance: kneeling, row: 3}\n"
	"  - {id: g6, weapon: rifle, stance: standing, row: 7}\n"
	"  - {id: g7, weapon: rifle, stance: standing, row: 4}\n"
	"  - {id: g8, weapon: rifle, stance: standing, row: 4}\n"
	"  - {id: g9, weapon: rifle, stance: kneeling, row: 7}\n"
	"  - {id: g10, weapon: smg, stance: standing, row: 4}\n"
	"  - {id: g11, weapon: smg, stance: running, row: 10,"
	" sergeant: true}\n"
	"  - {id: g14, weapon: pistol, stance: running, row: 7}\n"
	"  - {id: g15, weapon: rifle, stance: standing, row: 9}\n"
	"  tan:\n"
	"  - {id: t1, weapon: bazooka, stance: standing, row: 24}\n"
	"  - {id: t2, weapon: mortar, stance: prone, row: 24}\n"
	"  - {id: t3, weapon: radio, stance: running, row: 21}\n"
	"  - {id: t4, weapon: machine-gun, stance: prone, row: 23}\n"
	"  - {id: t5, weapon: machine-gun, stance: prone, row: 23}\n"
	"  - {id: t6, weapon: rifle, stance: prone, row: 23}\n"
	"  - {id: t7, weapon: rifle, stance: kneeling, row: 21}\n"
	"  - {id: t8, weapon: rifle, stance: running, row: 16}\n"
	"  - {id: t9, weapon: rifle, stance: standing, row: 21}\n"
	"  - {id: t10, weapon: smg, stance: standing, row: 16}\n"
	"  - {id: t11, weapon: smg, stance: running, row: 16,"
	" sergeant: true}\n"
	"  - {id: t13, weapon: flamethrower, stance: standing, row: 17}\n"
	"  - {id: t14, weapon: pistol, stance: running, row: 2}\n"
	"  - {id: t15, weapon: rifle, stance: standing, row: 15}\n"
	"casualties:\n"
	"  green:\n"
	"  - {id: g12, weapon: grenade, stance: running, row: 8, step: 10,"
	" how: captured, by: t14}\n"
	"  - {id: g13, weapon: flamethrower, stance: kneeling, row: 11,"
	" step: 10, how: shot, by: t15}\n"
	"  - {id: g4, weapon: machine-gun, stance: prone, row: 2,"
	" step: 16, how: captured, by: t14}\n"
	"  tan:\n"
	"  - {id: t12, weapon: grenade, stance: running, row: 5, step: 14,"
	" how: lost}\n";

static const char state_b[] =
	"# umpire game state: change it only through umpire (umpire verify "
	"notices any edit)\n"
	"umpire: 1\n"
	"ruleset: amb\n"
	"game: amb-74d31d4dc6\n"
	"version: \"0.1.0\"\n"
	"seed: "
	"\"7f6e5d4c3b2a19080706050403020100f0e0d0c0b0a090807060504030201000"
	"\"\n"
	"step: 21\n"
	"title: \"The standard game\"\n"
	"players:\n"
	"  green: {name: \"Green Player\", email: \"green@example.org\"}\n"
	"  tan: {name: \"Tan Player\", email: \"tan@example.org\"}\n"
	"awaiting: {player: green, step: 21, kind: turn, dice: [2, 1]}\n"
	"options:\n"
	"  dice: 2\n"
	"  fire-and-movement: true\n"
	"  charge: true\n"
	"  dig-in: true\n"
	"  infiltration: true\n"
	"  sergeant: true\n"
	"armies:\n"
	"  green:\n"
	"  - {id: g1, weapon: bazooka, stance: kneeling, row: 5}\n"
	"  - {id: g2, weapon: mortar, stance: kneeling, row: 5}\n"
	"  - {id: g3, weapon: radio, stance: running, row: 5}\n"
	"  - {id: g5, weapon: machine-gun, stance: kneeling, row: 3}\n"
	"  - {id: g6, weapon: rifle, stance: standing, row: 7}\n"
	"  - {id: g7, weapon: rifle, stance: standing, row: 4}\n"
	"  - {id: g8, weapon: rifle, stance: running, row: 4}\n"
	"  - {id: g9, weapon: rifle, stance: kneeling, row: 7}\n"
	"  - {id: g10, weapon: smg, stance: standing, row: 4}\n"
	"  - {id: g14, weapon: pistol, stance: running, row: 19}\n"
	"  - {id: g15, weapon: rifle, stance: standing, row: 9}\n"
	"  tan:\n"
	"  - {id: t1, weapon: bazooka, stance: standing, row: 24}\n"
	"  - {id: t2, weapon: mortar, stance: prone, row: 24}\n"
	"  - {id: t3, weapon: radio, stance: running, row: 21}\n"
	"  - {id: t4, weapon: machine-gun, stance: prone, row: 23}\n"
	"  - {id: t5, weapon: machine-gun, stance: prone, row: 23}\n"
	"  - {id: t6, weapon: rifle, stance: prone, row: 23}\n"
	"  - {id: t7, weapon: rifle, stance: kneeling, row: 21}\n"
	"  - {id: t8, weapon: rifle, stance: kneeling, row: 10}\n"
	"  - {id: t9, weapon: rifle, stance: standing, row: 18}\n"
	"  - {id: t10, weapon: smg, stance: standing, row: 14}\n"
	"  - {id: t11, weapon: smg, stance: running, row: 16,"
	" sergeant: true}\n"
	"  - {id: t13, weapon: flamethrower, stance: kneeling, row: 17}\n"
	"  - {id: t14, weapon: pistol, stance: running, row: 2}\n"
	"  - {id: t15, weapon: rifle, stance: standing, row: 11}\n"
	"casualties:\n"
	"  green:\n"
	"  - {id: g12, weapon: grenade, stance: running, row: 8, step: 10,"
	" how: captured, by: t14}\n"
	"  - {id: g13, weapon: flamethrower, stance: kneeling, row: 11,"
	" step: 10, how: shot, by: t15}\n"
	"  - {id: g4, weapon: machine-gun, stance: prone, row: 2,"
	" step: 16, how: captured, by: t14}\n"
	"  - {id: g11, weapon: smg, stance: running, row: 10,"
	" sergeant: true, step: 18, how: captured, by: t8}\n"
	"  tan:\n"
	"  - {id: t12, weapon: grenade, stance: running, row: 5, step: 14,"
	" how: lost}\n";

static const char state_c[] =
	"# umpire game state: change it only through umpire (umpire verify "
	"notices any edit)\n"
	"umpire: 1\n"
	"ruleset: amb\n"
	"game: amb-69fee3435f\n"
	"version: \"0.1.0\"\n"
	"seed: "
	"\"1111111111111111111111111111111111111111111111111111111111111111"
	"\"\n"
	"step: 6\n"
	"title: \"More dice, fewer men\"\n"
	"players:\n"
	"  green: {name: Green, email: \"green@umpire.invalid\"}\n"
	"  tan: {name: tan, email: \"tan@example.org\"}\n"
	"awaiting: {player: tan, step: 6, kind: turn, dice: [2, 4, 3, 2]}\n"
	"options:\n"
	"  dice: 4\n"
	"  fire-and-movement: false\n"
	"  charge: true\n"
	"  dig-in: false\n"
	"  infiltration: true\n"
	"  sergeant: true\n"
	"armies:\n"
	"  green:\n"
	"  - {id: g2, weapon: [bazooka, pistol], stance: kneeling,"
	" row: 3}\n"
	"  - {id: g3, weapon: machine-gun, stance: prone, row: 10}\n"
	"  - {id: g4, weapon: [mortar, smg, flamethrower], stance: prone,"
	" row: 7}\n"
	"  - {id: g5, weapon: rifle, stance: running, row: 23}\n"
	"  - {id: g6, weapon: radio, stance: standing, row: 8}\n"
	"  tan:\n"
	"  - {id: alpha, weapon: [rifle, smg], stance: standing, row: 19}\n"
	"  - {id: bravo, weapon: pistol, stance: prone, row: 20,"
	" sergeant: true}\n"
	"  - {id: delta, weapon: bazooka, stance: prone, row: 19}\n"
	"casualties:\n"
	"  green:\n"
	"  - {id: g1, weapon: [rifle, grenade], stance: running, row: 13,"
	" sergeant: true, step: 4, how: shot, by: charlie}\n"
	"  tan:\n"
	"  - {id: echo, weapon: rifle, stance: running, row: 13, step: 3,"
	" how: captured, by: g1}\n"
	"  - {id: charlie, weapon: [machine-gun, grenade],"
	" stance: kneeling, row: 18, step: 5, how: captured, by: g5}\n";

static const char state_d[] =
	"# umpire game state: change it only through umpire (umpire verify "
	"notices any edit)\n"
	"umpire: 1\n"
	"ruleset: amb\n"
	"game: amb-0123456789\n"
	"version: \"0.1.0\"\n"
	"seed: "
	"\"0f1e2d3c4b5a69788796a5b4c3d2e1f00112233445566778899aabbccddeeff0"
	"\"\n"
	"step: 30\n"
	"title: \"Close quarters\"\n"
	"players:\n"
	"  green: {name: \"Green Player\", email: \"green@example.org\"}\n"
	"  tan: {name: \"Tan Player\", email: \"tan@example.org\"}\n"
	"awaiting: {player: green, step: 30, kind: turn, dice: [4, 3]}\n"
	"options:\n"
	"  dice: 2\n"
	"  fire-and-movement: true\n"
	"  charge: true\n"
	"  dig-in: true\n"
	"  infiltration: true\n"
	"  sergeant: true\n"
	"armies:\n"
	"  green:\n"
	"  - {id: g1, weapon: rifle, stance: kneeling, row: 10}\n"
	"  - {id: g2, weapon: [smg, pistol], stance: kneeling, row: 11}\n"
	"  - {id: g3, weapon: pistol, stance: running, row: 13,"
	" sergeant: true}\n"
	"  - {id: g4, weapon: [bazooka, machine-gun], stance: running,"
	" row: 21}\n"
	"  tan:\n"
	"  - {id: t1, weapon: rifle, stance: standing, row: 14}\n"
	"  - {id: t2, weapon: smg, stance: prone, row: 14}\n"
	"  - {id: t3, weapon: grenade, stance: running, row: 17,"
	" sergeant: true}\n"
	"  - {id: t4, weapon: radio, stance: kneeling, row: 24}\n"
	"casualties:\n"
	"  green:\n"
	"  - {id: g5, weapon: rifle, stance: prone, row: 2, step: 9,"
	" how: shot, by: t4}\n"
	"  tan:\n"
	"  - {id: t5, weapon: mortar, stance: prone, row: 12, step: 21,"
	" how: lost}\n";

static const char state_e[] =
	"# umpire game state: change it only through umpire (umpire verify"
	" notices any edit)\n"
	"umpire: 1\n"
	"ruleset: wwii\n"
	"game: wwii-1cae23e459\n"
	"version: \"0.1.0\"\n"
	"seed: \"000000000000000000000000000000000000000000000000000000000"
	"0000074\"\n"
	"step: 41\n"
	"title: \"The standard game\"\n"
	"players:\n"
	"  allies: {name: \"Allied Player\", email: \"allies@example.org\""
	"}\n"
	"  axis: {name: \"Axis Player\", email: \"axis@example.org\"}\n"
	"awaiting: {player: allies, step: 41, kind: turn, turn: 4}\n"
	"first: allies\n"
	"turn-limit: 100\n"
	"turns: {allies: 3, axis: 3}\n"
	"options:\n"
	"  city-spaces: false\n"
	"  difficult-terrain: false\n"
	"  elite-units: false\n"
	"  experienced-units: false\n"
	"  reinforcements: false\n"
	"  campaign: false\n"
	"map:\n"
	"  files: 8\n"
	"  ranks: 8\n"
	"  setup-rows: 3\n"
	"  terrain: []\n"
	"  cities: []\n"
	"army: {units: 16, max-tanks: 5, min-types: 7, max-per-type: 4, el"
	"ite: 2}\n"
	"armies:\n"
	"  allies:\n"
	"  - {id: a-inf1, type: infantry, at: f3}\n"
	"  - {id: a-para1, type: paratroopers, at: h3}\n"
	"  - {id: a-eng1, type: engineers, at: d5}\n"
	"  - {id: a-eng2, type: engineers, at: c3}\n"
	"  - {id: a-mech1, type: mech-infantry, at: d4}\n"
	"  - {id: a-ht1, type: heavy-tank, at: h2}\n"
	"  - {id: a-how1, type: howitzer, at: a2}\n"
	"  - {id: a-at1, type: at-gun, at: b3}\n"
	"  - {id: a-at2, type: at-gun, at: d3}\n"
	"  - {id: a-at3, type: at-gun, at: c2}\n"
	"  - {id: a-aa1, type: aa-gun, at: h5}\n"
	"  - {id: a-aa2, type: aa-gun, at: c4}\n"
	"  - {id: a-af1, type: airfield, at: e3}\n"
	"  - {id: a-fort1, type: fortification, at: g3}\n"
	"  - {id: a-hq, type: hq, at: g1}\n"
	"  axis:\n"
	"  - {id: x-inf1, type: infantry, at: c7}\n"
	"  - {id: x-inf2, type: infantry, at: f6}\n"
	"  - {id: x-eng1, type: engineers, at: d7}\n"
	"  - {id: x-eng2, type: engineers, at: c6}\n"
	"  - {id: x-mech1, type: mech-infantry, at: g4}\n"
	"  - {id: x-lt1, type: light-tank, at: e5}\n"
	"  - {id: x-mt1, type: medium-tank, at: h4}\n"
	"  - {id: x-mt2, type: medium-tank, at: d6}\n"
	"  - {id: x-mt3, type: medium-tank, at: f4}\n"
	"  - {id: x-ht1, type: heavy-tank, at: h7}\n"
	"  - {id: x-how1, type: howitzer, at: c5}\n"
	"  - {id: x-aa1, type: aa-gun, at: h6}\n"
	"  - {id: x-af1, type: airfield, at: a6}\n"
	"  - {id: x-af2, type: airfield, at: e6}\n"
	"  - {id: x-fort1, type: fortification, at: a7}\n"
	"  - {id: x-hq, type: hq, at: f7}\n"
	"destroyed:\n"
	"  allies:\n"
	"  - {id: a-aa3, type: aa-gun, at: e4, step: 40, how: no-retreat, "
	"by: [x-lt1, x-how1, x-mt3]}\n"
	"  axis: []\n";

static const char state_f[] =
	"# A fuzz position: every optional rule but the campaign, a reinfo"
	"rcement\n"
	"# due, units in contact.\n"
	"umpire: 1\n"
	"ruleset: wwii\n"
	"game: wwii-0123456789\n"
	"version: \"0.1.0\"\n"
	"seed: \"000000000000000000000000000000000000000000000000000000000"
	"0000001\"\n"
	"step: 9\n"
	"title: \"Fuzz: options\"\n"
	"players:\n"
	"  allies: {name: Allied Player, email: allies@example.org}\n"
	"  axis: {name: Axis Player, email: axis@example.org}\n"
	"awaiting: {player: allies, step: 9, kind: turn, turn: 6, reinforc"
	"ement: true}\n"
	"first: allies\n"
	"turn-limit: 100\n"
	"turns: {allies: 5, axis: 5}\n"
	"options:\n"
	"  city-spaces: true\n"
	"  difficult-terrain: true\n"
	"  elite-units: true\n"
	"  experienced-units: true\n"
	"  reinforcements: true\n"
	"  campaign: false\n"
	"map:\n"
	"  files: 8\n"
	"  ranks: 8\n"
	"  setup-rows: 3\n"
	"  terrain: [c5, f4, d6]\n"
	"  cities: [a4, c4, e5, h5]\n"
	"army: {units: 16, max-tanks: 5, min-types: 7, max-per-type: 4, el"
	"ite: 2}\n"
	"armies:\n"
	"  allies:\n"
	"  - {id: a-hq, type: hq, at: d1}\n"
	"  - {id: a-af1, type: airfield, at: f1}\n"
	"  - {id: a-para1, type: paratroopers, at: e2}\n"
	"  - {id: a-inf1, type: infantry, at: c4, kills: 4}\n"
	"  - {id: a-mt1, type: medium-tank, at: d4, elite: true}\n"
	"  - {id: a-at1, type: at-gun, at: e3}\n"
	"  - {id: a-how1, type: howitzer, at: c2}\n"
	"  - {id: a-eng1, type: engineers, at: e4, retreat: [left, back]}\n"
	"  - {id: a-aa1, type: aa-gun, at: b3}\n"
	"  - {id: a-lt1, type: light-tank, at: f4}\n"
	"  axis:\n"
	"  - {id: x-hq, type: hq, at: e8}\n"
	"  - {id: x-inf1, type: infantry, at: c5}\n"
	"  - {id: x-lt1, type: light-tank, at: d5}\n"
	"  - {id: x-aa1, type: aa-gun, at: e6}\n"
	"  - {id: x-ht1, type: heavy-tank, at: e5, elite: true}\n"
	"  - {id: x-af1, type: airfield, at: g7}\n"
	"  - {id: x-fort1, type: fortification, at: d7}\n"
	"  - {id: x-mech1, type: mech-infantry, at: f6}\n"
	"  - {id: x-inf2, type: infantry, at: b6, retreat: [right]}\n"
	"destroyed:\n"
	"  allies: []\n"
	"  axis: []\n";

static const char state_g[] =
	"# A fuzz position: the allies design their army.\n"
	"umpire: 1\n"
	"ruleset: wwii\n"
	"game: wwii-0123456789\n"
	"version: \"0.1.0\"\n"
	"seed: \"000000000000000000000000000000000000000000000000000000000"
	"0000001\"\n"
	"step: 1\n"
	"title: \"Fuzz: army\"\n"
	"players:\n"
	"  allies: {name: Allied Player, email: allies@example.org}\n"
	"  axis: {name: Axis Player, email: axis@example.org}\n"
	"awaiting: {player: allies, step: 1, kind: army}\n"
	"first: allies\n"
	"turn-limit: 100\n"
	"turns: {allies: 0, axis: 0}\n"
	"options:\n"
	"  city-spaces: false\n"
	"  difficult-terrain: false\n"
	"  elite-units: true\n"
	"  experienced-units: false\n"
	"  reinforcements: false\n"
	"  campaign: false\n"
	"map:\n"
	"  files: 8\n"
	"  ranks: 8\n"
	"  setup-rows: 3\n"
	"  terrain: []\n"
	"  cities: []\n"
	"army: {units: 16, max-tanks: 5, min-types: 7, max-per-type: 4, el"
	"ite: 2}\n"
	"armies:\n"
	"  allies: []\n"
	"  axis: []\n"
	"destroyed:\n"
	"  allies: []\n"
	"  axis: []\n";

static const char state_h[] =
	"# A fuzz position: the axis place a unit.\n"
	"umpire: 1\n"
	"ruleset: wwii\n"
	"game: wwii-0123456789\n"
	"version: \"0.1.0\"\n"
	"seed: \"000000000000000000000000000000000000000000000000000000000"
	"0000001\"\n"
	"step: 6\n"
	"title: \"Fuzz: place\"\n"
	"players:\n"
	"  allies: {name: Allied Player, email: allies@example.org}\n"
	"  axis: {name: Axis Player, email: axis@example.org}\n"
	"awaiting: {player: axis, step: 6, kind: place}\n"
	"first: allies\n"
	"turn-limit: 100\n"
	"turns: {allies: 0, axis: 0}\n"
	"options:\n"
	"  city-spaces: false\n"
	"  difficult-terrain: false\n"
	"  elite-units: false\n"
	"  experienced-units: false\n"
	"  reinforcements: false\n"
	"  campaign: false\n"
	"map:\n"
	"  files: 8\n"
	"  ranks: 8\n"
	"  setup-rows: 3\n"
	"  terrain: []\n"
	"  cities: []\n"
	"army: {units: 16, max-tanks: 5, min-types: 7, max-per-type: 4, el"
	"ite: 2}\n"
	"armies:\n"
	"  allies:\n"
	"  - {id: a-hq, type: hq, at: d1}\n"
	"  - {id: a-inf1, type: infantry, at: c2}\n"
	"  - {id: a-mt1, type: medium-tank}\n"
	"  axis:\n"
	"  - {id: x-hq, type: hq, at: e8}\n"
	"  - {id: x-inf1, type: infantry}\n"
	"  - {id: x-mt1, type: medium-tank, at: f7}\n"
	"destroyed:\n"
	"  allies: []\n"
	"  axis: []\n";

struct fixed {
	const char *file;
	const char *text;
	struct umpire_game *g;
};

static const char state_i[] =
	"# umpire game state: change it only through umpire (umpire verify notices any edit)\n"
	"umpire: 1\n"
	"ruleset: armymen\n"
	"game: armymen-188843b162\n"
	"version: \"0.3.0\"\n"
	"seed: \"0000000000000000000000000000000000000000000000000000000000000011\"\n"
	"step: 45\n"
	"title: \"The standard battle\"\n"
	"players:\n"
	"  green: {name: \"Green Player\", email: \"green@example.org\"}\n"
	"  tan: {name: \"Tan Player\", email: \"tan@example.org\"}\n"
	"awaiting: {player: tan, step: 45, kind: fires, turn: 6, card: 5}\n"
	"turn: 6\n"
	"cards: [green-moves, tan-moves, green-assaults, tan-assaults, tan-fires]\n"
	"turns: 10\n"
	"points: {soldier: 1, tank: 3}\n"
	"table: {width: 72, depth: 48}\n"
	"base: 1\n"
	"blocks:\n"
	"- {id: b1, kind: high, corner: [14, 18], size: [1.5, 5.5]}\n"
	"- {id: b2, kind: high, corner: [33, 22], size: [5.5, 1.5]}\n"
	"- {id: b3, kind: high, corner: [56, 25], size: [1.5, 5.5]}\n"
	"- {id: b4, kind: low, corner: [22, 12], size: [5.5, 3.5]}\n"
	"- {id: b5, kind: low, corner: [46, 12], size: [5.5, 3.5]}\n"
	"- {id: b6, kind: low, corner: [22, 32], size: [5.5, 3.5]}\n"
	"- {id: b7, kind: low, corner: [46, 32], size: [5.5, 3.5]}\n"
	"- {id: b8, kind: high, corners: [[5, 30], [9, 26], [10, 27], [6, 31]]}\n"
	"armies:\n"
	"  green:\n"
	"  - {id: g-lt, weapon: pistol, leader: true, at: [38.14, 12.34]}\n"
	"  - {id: g1, weapon: rifle, at: [25.13, 10.13]}\n"
	"  - {id: g3, weapon: rifle, at: [28.48, 18.74], pinned: true}\n"
	"  - {id: g6, weapon: rifle, at: [56.32, 20.12]}\n"
	"  - {id: g-mg, weapon: machine-gun, at: [39.29, 9.95]}\n"
	"  - {id: g-baz, weapon: bazooka, at: [32.75, 18.39]}\n"
	"  - {id: g-tk, tank: true, at: [61, 28.09], facing: [1, 0]}\n"
	"  tan:\n"
	"  - {id: t-lt, weapon: pistol, leader: true, at: [33.78, 32.37], pinned: true}\n"
	"  - {id: t1, weapon: rifle, at: [16.32, 41.52], pinned: true}\n"
	"  - {id: t3, weapon: rifle, at: [33.84, 34.74], pinned: true}\n"
	"  - {id: t-smg, weapon: smg, at: [32.32, 25.17]}\n"
	"  - {id: t-mg, weapon: machine-gun, at: [36.63, 28.15]}\n"
	"  - {id: t-baz, weapon: bazooka, at: [31.26, 40.75]}\n"
	"  - {id: t-tk, tank: true, at: [22.33, 23.38], facing: [46, -19]}\n"
	"fallen:\n"
	"  green:\n"
	"  - {id: g4, weapon: rifle, at: [44, 8], step: 4, by: t-tk}\n"
	"  - {id: g-mor, weapon: mortar, at: [42, 3], step: 4, by: t-tk}\n"
	"  - {id: g-smg, weapon: smg, at: [34.12, 20.86], step: 28, by: t-tk}\n"
	"  - {id: g5, weapon: rifle, at: [46.48, 4.32], step: 37, by: t-tk}\n"
	"  - {id: g2, weapon: rifle, at: [30, 22.09], step: 39, by: t-smg}\n"
	"  tan:\n"
	"  - {id: t2, weapon: rifle, at: [24, 35.5], step: 5, by: g1}\n"
	"  - {id: t-mor, weapon: mortar, at: [32.14, 33.23], step: 19, by: g-baz}\n"
	"  - {id: t5, weapon: rifle, at: [48.03, 33.33], step: 32, by: g-baz}\n"
	"  - {id: t6, weapon: rifle, at: [52, 22], step: 32, by: g2}\n"
	"  - {id: t4, weapon: rifle, at: [43, 33.6], step: 33, by: g-lt}\n";

static const char state_j[] =
	"# umpire game state: change it only through umpire (umpire verify notices any edit)\n"
	"umpire: 1\n"
	"ruleset: armymen\n"
	"game: armymen-188843b162\n"
	"version: \"0.3.0\"\n"
	"seed: \"0000000000000000000000000000000000000000000000000000000000000011\"\n"
	"step: 41\n"
	"title: \"The standard battle\"\n"
	"players:\n"
	"  green: {name: \"Green Player\", email: \"green@example.org\"}\n"
	"  tan: {name: \"Tan Player\", email: \"tan@example.org\"}\n"
	"awaiting: {player: green, step: 41, kind: moves, turn: 6, card: 1}\n"
	"turn: 6\n"
	"cards: [green-moves]\n"
	"turns: 10\n"
	"points: {soldier: 1, tank: 3}\n"
	"table: {width: 72, depth: 48}\n"
	"base: 1\n"
	"blocks:\n"
	"- {id: b1, kind: high, corner: [14, 18], size: [1.5, 5.5]}\n"
	"- {id: b2, kind: high, corner: [33, 22], size: [5.5, 1.5]}\n"
	"- {id: b3, kind: high, corner: [56, 25], size: [1.5, 5.5]}\n"
	"- {id: b4, kind: low, corner: [22, 12], size: [5.5, 3.5]}\n"
	"- {id: b5, kind: low, corner: [46, 12], size: [5.5, 3.5]}\n"
	"- {id: b6, kind: low, corner: [22, 32], size: [5.5, 3.5]}\n"
	"- {id: b7, kind: low, corner: [46, 32], size: [5.5, 3.5]}\n"
	"- {id: b8, kind: high, corners: [[5, 30], [9, 26], [10, 27], [6, 31]]}\n"
	"armies:\n"
	"  green:\n"
	"  - {id: g-lt, weapon: pistol, leader: true, at: [40.24, 10.24]}\n"
	"  - {id: g1, weapon: rifle, at: [23.73, 11.53]}\n"
	"  - {id: g3, weapon: rifle, at: [28.48, 18.74], pinned: true}\n"
	"  - {id: g6, weapon: rifle, at: [54.8, 23.8]}\n"
	"  - {id: g-mg, weapon: machine-gun, at: [39.29, 13.95]}\n"
	"  - {id: g-baz, weapon: bazooka, at: [35.6, 13.12]}\n"
	"  - {id: g-tk, tank: true, at: [60, 28.09], facing: [0, 1]}\n"
	"  tan:\n"
	"  - {id: t-lt, weapon: pistol, leader: true, at: [33.78, 32.37], pinned: true}\n"
	"  - {id: t1, weapon: rifle, at: [16.32, 41.52], pinned: true}\n"
	"  - {id: t3, weapon: rifle, at: [33.84, 34.74], pinned: true}\n"
	"  - {id: t-smg, weapon: smg, at: [30.22, 23.07]}\n"
	"  - {id: t-mg, weapon: machine-gun, at: [37.55, 28.53]}\n"
	"  - {id: t-baz, weapon: bazooka, at: [32.01, 46.7]}\n"
	"  - {id: t-tk, tank: true, at: [19.57, 24.52], facing: [46, -19]}\n"
	"fallen:\n"
	"  green:\n"
	"  - {id: g4, weapon: rifle, at: [44, 8], step: 4, by: t-tk}\n"
	"  - {id: g-mor, weapon: mortar, at: [42, 3], step: 4, by: t-tk}\n"
	"  - {id: g-smg, weapon: smg, at: [34.12, 20.86], step: 28, by: t-tk}\n"
	"  - {id: g5, weapon: rifle, at: [46.48, 4.32], step: 37, by: t-tk}\n"
	"  - {id: g2, weapon: rifle, at: [30, 22.09], step: 39, by: t-smg}\n"
	"  tan:\n"
	"  - {id: t2, weapon: rifle, at: [24, 35.5], step: 5, by: g1}\n"
	"  - {id: t-mor, weapon: mortar, at: [32.14, 33.23], step: 19, by: g-baz}\n"
	"  - {id: t5, weapon: rifle, at: [48.03, 33.33], step: 32, by: g-baz}\n"
	"  - {id: t6, weapon: rifle, at: [52, 22], step: 32, by: g2}\n"
	"  - {id: t4, weapon: rifle, at: [43, 33.6], step: 33, by: g-lt}\n";

static const char state_k[] =
	"# umpire game state: change it only through umpire (umpire verify notices any edit)\n"
	"umpire: 1\n"
	"ruleset: armymen\n"
	"game: armymen-188843b162\n"
	"version: \"0.3.0\"\n"
	"seed: \"0000000000000000000000000000000000000000000000000000000000000011\"\n"
	"step: 44\n"
	"title: \"The standard battle\"\n"
	"players:\n"
	"  green: {name: \"Green Player\", email: \"green@example.org\"}\n"
	"  tan: {name: \"Tan Player\", email: \"tan@example.org\"}\n"
	"awaiting: {player: tan, step: 44, kind: assaults, turn: 6, card: 4}\n"
	"turn: 6\n"
	"cards: [green-moves, tan-moves, green-assaults, tan-assaults]\n"
	"turns: 10\n"
	"points: {soldier: 1, tank: 3}\n"
	"table: {width: 72, depth: 48}\n"
	"base: 1\n"
	"blocks:\n"
	"- {id: b1, kind: high, corner: [14, 18], size: [1.5, 5.5]}\n"
	"- {id: b2, kind: high, corner: [33, 22], size: [5.5, 1.5]}\n"
	"- {id: b3, kind: high, corner: [56, 25], size: [1.5, 5.5]}\n"
	"- {id: b4, kind: low, corner: [22, 12], size: [5.5, 3.5]}\n"
	"- {id: b5, kind: low, corner: [46, 12], size: [5.5, 3.5]}\n"
	"- {id: b6, kind: low, corner: [22, 32], size: [5.5, 3.5]}\n"
	"- {id: b7, kind: low, corner: [46, 32], size: [5.5, 3.5]}\n"
	"- {id: b8, kind: high, corners: [[5, 30], [9, 26], [10, 27], [6, 31]]}\n"
	"armies:\n"
	"  green:\n"
	"  - {id: g-lt, weapon: pistol, leader: true, at: [38.14, 12.34]}\n"
	"  - {id: g1, weapon: rifle, at: [25.13, 10.13]}\n"
	"  - {id: g3, weapon: rifle, at: [28.48, 18.74], pinned: true}\n"
	"  - {id: g6, weapon: rifle, at: [56.32, 20.12]}\n"
	"  - {id: g-mg, weapon: machine-gun, at: [39.29, 9.95]}\n"
	"  - {id: g-baz, weapon: bazooka, at: [32.75, 18.39]}\n"
	"  - {id: g-tk, tank: true, at: [61, 28.09], facing: [1, 0]}\n"
	"  tan:\n"
	"  - {id: t-lt, weapon: pistol, leader: true, at: [33.78, 32.37], pinned: true}\n"
	"  - {id: t1, weapon: rifle, at: [16.32, 41.52], pinned: true}\n"
	"  - {id: t3, weapon: rifle, at: [33.84, 34.74], pinned: true}\n"
	"  - {id: t-smg, weapon: smg, at: [32.32, 25.17]}\n"
	"  - {id: t-mg, weapon: machine-gun, at: [36.63, 28.15]}\n"
	"  - {id: t-baz, weapon: bazooka, at: [31.26, 40.75]}\n"
	"  - {id: t-tk, tank: true, at: [22.33, 23.38], facing: [46, -19]}\n"
	"fallen:\n"
	"  green:\n"
	"  - {id: g4, weapon: rifle, at: [44, 8], step: 4, by: t-tk}\n"
	"  - {id: g-mor, weapon: mortar, at: [42, 3], step: 4, by: t-tk}\n"
	"  - {id: g-smg, weapon: smg, at: [34.12, 20.86], step: 28, by: t-tk}\n"
	"  - {id: g5, weapon: rifle, at: [46.48, 4.32], step: 37, by: t-tk}\n"
	"  - {id: g2, weapon: rifle, at: [30, 22.09], step: 39, by: t-smg}\n"
	"  tan:\n"
	"  - {id: t2, weapon: rifle, at: [24, 35.5], step: 5, by: g1}\n"
	"  - {id: t-mor, weapon: mortar, at: [32.14, 33.23], step: 19, by: g-baz}\n"
	"  - {id: t5, weapon: rifle, at: [48.03, 33.33], step: 32, by: g-baz}\n"
	"  - {id: t6, weapon: rifle, at: [52, 22], step: 32, by: g2}\n"
	"  - {id: t4, weapon: rifle, at: [43, 33.6], step: 33, by: g-lt}\n";

static const char state_l[] =
	"# umpire game state: change it only through umpire (umpire verify notices any edit)\n"
	"umpire: 1\n"
	"ruleset: armymen\n"
	"game: armymen-188843b162\n"
	"version: \"0.3.0\"\n"
	"seed: \"0000000000000000000000000000000000000000000000000000000000000011\"\n"
	"step: 47\n"
	"title: \"The standard battle\"\n"
	"players:\n"
	"  green: {name: \"Green Player\", email: \"green@example.org\"}\n"
	"  tan: {name: \"Tan Player\", email: \"tan@example.org\"}\n"
	"awaiting: {player: tan, step: 47, kind: rallies, turn: 6, card: 7}\n"
	"turn: 6\n"
	"cards: [green-moves, tan-moves, green-assaults, tan-assaults, tan-fires, green-fires, tan-rallies]\n"
	"turns: 10\n"
	"points: {soldier: 1, tank: 3}\n"
	"table: {width: 72, depth: 48}\n"
	"base: 1\n"
	"blocks:\n"
	"- {id: b1, kind: high, corner: [14, 18], size: [1.5, 5.5]}\n"
	"- {id: b2, kind: high, corner: [33, 22], size: [5.5, 1.5]}\n"
	"- {id: b3, kind: high, corner: [56, 25], size: [1.5, 5.5]}\n"
	"- {id: b4, kind: low, corner: [22, 12], size: [5.5, 3.5]}\n"
	"- {id: b5, kind: low, corner: [46, 12], size: [5.5, 3.5]}\n"
	"- {id: b6, kind: low, corner: [22, 32], size: [5.5, 3.5]}\n"
	"- {id: b7, kind: low, corner: [46, 32], size: [5.5, 3.5]}\n"
	"- {id: b8, kind: high, corners: [[5, 30], [9, 26], [10, 27], [6, 31]]}\n"
	"armies:\n"
	"  green:\n"
	"  - {id: g-lt, weapon: pistol, leader: true, at: [38.14, 12.34]}\n"
	"  - {id: g1, weapon: rifle, at: [25.13, 10.13]}\n"
	"  - {id: g6, weapon: rifle, at: [56.32, 20.12], pinned: true}\n"
	"  - {id: g-mg, weapon: machine-gun, at: [39.29, 9.95], pinned: true}\n"
	"  - {id: g-baz, weapon: bazooka, at: [32.75, 18.39]}\n"
	"  - {id: g-tk, tank: true, at: [61, 28.09], facing: [1, 0]}\n"
	"  tan:\n"
	"  - {id: t1, weapon: rifle, at: [16.32, 41.52], pinned: true}\n"
	"  - {id: t-smg, weapon: smg, at: [32.32, 25.17]}\n"
	"  - {id: t-mg, weapon: machine-gun, at: [36.63, 28.15]}\n"
	"  - {id: t-baz, weapon: bazooka, at: [31.26, 40.75]}\n"
	"  - {id: t-tk, tank: true, at: [22.33, 23.38], facing: [46, -19]}\n"
	"fallen:\n"
	"  green:\n"
	"  - {id: g4, weapon: rifle, at: [44, 8], step: 4, by: t-tk}\n"
	"  - {id: g-mor, weapon: mortar, at: [42, 3], step: 4, by: t-tk}\n"
	"  - {id: g-smg, weapon: smg, at: [34.12, 20.86], step: 28, by: t-tk}\n"
	"  - {id: g5, weapon: rifle, at: [46.48, 4.32], step: 37, by: t-tk}\n"
	"  - {id: g2, weapon: rifle, at: [30, 22.09], step: 39, by: t-smg}\n"
	"  - {id: g3, weapon: rifle, at: [28.48, 18.74], step: 45, by: t-tk}\n"
	"  tan:\n"
	"  - {id: t2, weapon: rifle, at: [24, 35.5], step: 5, by: g1}\n"
	"  - {id: t-mor, weapon: mortar, at: [32.14, 33.23], step: 19, by: g-baz}\n"
	"  - {id: t5, weapon: rifle, at: [48.03, 33.33], step: 32, by: g-baz}\n"
	"  - {id: t6, weapon: rifle, at: [52, 22], step: 32, by: g2}\n"
	"  - {id: t4, weapon: rifle, at: [43, 33.6], step: 33, by: g-lt}\n"
	"  - {id: t-lt, weapon: pistol, leader: true, at: [33.78, 32.37], step: 46, by: g-baz}\n"
	"  - {id: t3, weapon: rifle, at: [33.84, 34.74], step: 46, by: g-baz}\n";

static const char state_m[] =
	"# umpire game state: change it only through umpire (umpire verify notices any edit)\n"
	"umpire: 1\n"
	"ruleset: bgw\n"
	"game: bgw-7ac08798b0\n"
	"version: \"0.3.0\"\n"
	"seed: f000000000000000000000000000000000000000000000000000000000000007\n"
	"step: 41\n"
	"title: \"Without the Power Deck\"\n"
	"players:\n"
	"  white: {name: \"White Player\", email: \"white@example.org\"}\n"
	"  black: {name: \"Black Player\", email: \"black@example.org\"}\n"
	"awaiting: {player: black, step: 41, kind: play, mode: move, dice: [2, 5]}\n"
	"turn: 21\n"
	"options:\n"
	"  power-deck: false\n"
	"  turns: 0\n"
	"units:\n"
	"  white:\n"
	"  - {id: w-mag1, at: 24}\n"
	"  - {id: w-mag2, at: 23}\n"
	"  - {id: w-arc1, at: 23}\n"
	"  - {id: w-war9, at: 23}\n"
	"  - {id: w-war7, at: 23}\n"
	"  - {id: w-war5, at: 17}\n"
	"  - {id: w-arc3, at: 13}\n"
	"  - {id: w-war3, at: 13}\n"
	"  - {id: w-war8, at: 13}\n"
	"  - {id: w-arc2, at: 11}\n"
	"  - {id: w-war6, at: 8}\n"
	"  - {id: w-war1, at: 8}\n"
	"  - {id: w-war10, at: 5}\n"
	"  - {id: w-war2, at: 5}\n"
	"  - {id: w-war4, at: 4}\n"
	"  black:\n"
	"  - {id: b-war7, at: wall}\n"
	"  - {id: b-war6, at: 23}\n"
	"  - {id: b-arc2, at: 23}\n"
	"  - {id: b-war8, at: 23}\n"
	"  - {id: b-mag1, at: 22}\n"
	"  - {id: b-arc1, at: 19}\n"
	"  - {id: b-mag2, at: 18}\n"
	"  - {id: b-war5, at: 15}\n"
	"  - {id: b-arc3, at: 13}\n"
	"  - {id: b-war1, at: 13}\n"
	"  - {id: b-war2, at: 13}\n"
	"  - {id: b-war3, at: 9}\n"
	"  - {id: b-war9, at: 5}\n"
	"  - {id: b-war4, at: 4}\n"
	"  - {id: b-war10, at: 4}\n"
	"tokens:\n"
	"  barrier: {white: 20}\n"
	"  fire: {point: 9, by: black}\n"
	"last-roll:\n"
	"  white: [3, 5]\n"
	"  black: [2, 5]\n";

static const char state_n[] =
	"# umpire game state: change it only through umpire (umpire verify notices any edit)\n"
	"umpire: 1\n"
	"ruleset: bgw\n"
	"game: bgw-7ac08798b0\n"
	"version: \"0.3.0\"\n"
	"seed: f000000000000000000000000000000000000000000000000000000000000007\n"
	"step: 42\n"
	"title: \"Without the Power Deck\"\n"
	"players:\n"
	"  white: {name: \"White Player\", email: \"white@example.org\"}\n"
	"  black: {name: \"Black Player\", email: \"black@example.org\"}\n"
	"awaiting: {player: white, step: 42, kind: declare}\n"
	"turn: 22\n"
	"options:\n"
	"  power-deck: false\n"
	"  turns: 0\n"
	"units:\n"
	"  white:\n"
	"  - {id: w-mag1, at: 24}\n"
	"  - {id: w-mag2, at: 23}\n"
	"  - {id: w-arc1, at: 23}\n"
	"  - {id: w-war9, at: 23}\n"
	"  - {id: w-war7, at: 23}\n"
	"  - {id: w-war5, at: 17}\n"
	"  - {id: w-arc3, at: 13}\n"
	"  - {id: w-war3, at: 13}\n"
	"  - {id: w-war8, at: 13}\n"
	"  - {id: w-arc2, at: 11}\n"
	"  - {id: w-war6, at: 8}\n"
	"  - {id: w-war1, at: 8}\n"
	"  - {id: w-war10, at: 5}\n"
	"  - {id: w-war2, at: 5}\n"
	"  - {id: w-war4, at: 4}\n"
	"  black:\n"
	"  - {id: b-war6, at: 23}\n"
	"  - {id: b-arc2, at: 23}\n"
	"  - {id: b-war8, at: 23}\n"
	"  - {id: b-war7, at: 23}\n"
	"  - {id: b-mag1, at: 22}\n"
	"  - {id: b-arc1, at: 19}\n"
	"  - {id: b-war5, at: 15}\n"
	"  - {id: b-arc3, at: 13}\n"
	"  - {id: b-war1, at: 13}\n"
	"  - {id: b-war2, at: 13}\n"
	"  - {id: b-mag2, at: 13}\n"
	"  - {id: b-war3, at: 9}\n"
	"  - {id: b-war9, at: 5}\n"
	"  - {id: b-war4, at: 4}\n"
	"  - {id: b-war10, at: 4}\n"
	"last-roll:\n"
	"  white: [3, 5]\n"
	"  black: [2, 5]\n";

static const char state_o[] =
	"# umpire game state: change it only through umpire (umpire verify notices any edit)\n"
	"umpire: 1\n"
	"ruleset: bgw\n"
	"game: bgw-7ac08798b0\n"
	"version: \"0.3.0\"\n"
	"seed: f000000000000000000000000000000000000000000000000000000000000007\n"
	"step: 41\n"
	"title: \"Without the Power Deck\"\n"
	"players:\n"
	"  white: {name: \"White Player\", email: \"white@example.org\"}\n"
	"  black: {name: \"Black Player\", email: \"black@example.org\"}\n"
	"awaiting: {player: black, step: 41, kind: play, mode: mages, dice: [4, 6]}\n"
	"turn: 21\n"
	"options:\n"
	"  power-deck: false\n"
	"  turns: 0\n"
	"units:\n"
	"  white:\n"
	"  - {id: w-mag1, at: 24}\n"
	"  - {id: w-mag2, at: 23}\n"
	"  - {id: w-arc1, at: 23}\n"
	"  - {id: w-war9, at: 23}\n"
	"  - {id: w-war7, at: 23}\n"
	"  - {id: w-war5, at: 17}\n"
	"  - {id: w-arc3, at: 13}\n"
	"  - {id: w-war3, at: 13}\n"
	"  - {id: w-war8, at: 13}\n"
	"  - {id: w-arc2, at: 11}\n"
	"  - {id: w-war6, at: 8}\n"
	"  - {id: w-war1, at: 8}\n"
	"  - {id: w-war10, at: 5}\n"
	"  - {id: w-war2, at: 5}\n"
	"  - {id: w-war4, at: 4}\n"
	"  black:\n"
	"  - {id: b-war7, at: wall}\n"
	"  - {id: b-war6, at: 23}\n"
	"  - {id: b-arc2, at: 23}\n"
	"  - {id: b-war8, at: 23}\n"
	"  - {id: b-mag1, at: 22}\n"
	"  - {id: b-arc1, at: 19}\n"
	"  - {id: b-mag2, at: 18}\n"
	"  - {id: b-war5, at: 15}\n"
	"  - {id: b-arc3, at: 13}\n"
	"  - {id: b-war1, at: 13}\n"
	"  - {id: b-war2, at: 13}\n"
	"  - {id: b-war3, at: 9}\n"
	"  - {id: b-war9, at: 5}\n"
	"  - {id: b-war4, at: 4}\n"
	"  - {id: b-war10, at: 4}\n"
	"last-roll:\n"
	"  white: [3, 5]\n"
	"  black: [2, 5]\n";

static const char state_p[] =
	"# umpire game state: change it only through umpire (umpire verify notices any edit)\n"
	"umpire: 1\n"
	"ruleset: bgw\n"
	"game: bgw-458c46c8af\n"
	"version: \"0.3.0\"\n"
	"seed: \"sha256:687712e439c5857d63649a8df6c2ac9c95fa7f78040eebd688ba985224522fce\"\n"
	"recipient: age17jndm8w3fw7082k9trvjp8kmeehwgf4zmj2xy058xu458mqw33jsv56nr5\n"
	"step: 41\n"
	"title: \"The standard game\"\n"
	"players:\n"
	"  white:\n"
	"    name: \"White Player\"\n"
	"    email: \"white@example.org\"\n"
	"    key: \"ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAICNyuLeWOJEY2CvBQo0+SlkVWfD6gx/JwRH3xMEPs8uJ umpire test key white (not secret)\"\n"
	"  black:\n"
	"    name: \"Black Player\"\n"
	"    email: \"black@example.org\"\n"
	"    key: \"ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOb718cEs40xHwZxIysI8+nPgt+dNytTjewriJfI4/Qg umpire test key black (not secret)\"\n"
	"awaiting: {player: white, step: 41, kind: play, mode: move, dice: [3, 5]}\n"
	"turn: 21\n"
	"options:\n"
	"  power-deck: true\n"
	"  turns: 0\n"
	"units:\n"
	"  white:\n"
	"  - {id: w-mag2, at: 23}\n"
	"  - {id: w-arc3, at: 23}\n"
	"  - {id: w-war3, at: 23}\n"
	"  - {id: w-war8, at: 20}\n"
	"  - {id: w-arc1, at: 18}\n"
	"  - {id: w-mag1, at: 17}\n"
	"  - {id: w-war4, at: 8}\n"
	"  - {id: w-war5, at: 8}\n"
	"  - {id: w-war6, at: 8}\n"
	"  - {id: w-war1, at: 8}\n"
	"  - {id: w-arc2, at: 8}\n"
	"  - {id: w-war7, at: 6}\n"
	"  - {id: w-war10, at: 6}\n"
	"  - {id: w-war2, at: 6}\n"
	"  - {id: w-war9, at: 2}\n"
	"  black:\n"
	"  - {id: b-mag2, at: 23, trapped-by: w-war9}\n"
	"  - {id: b-mag1, at: 20}\n"
	"  - {id: b-arc3, at: 16}\n"
	"  - {id: b-war1, at: 13}\n"
	"  - {id: b-war8, at: 9}\n"
	"  - {id: b-war7, at: 9}\n"
	"  - {id: b-arc2, at: 9}\n"
	"  - {id: b-war10, at: 6}\n"
	"  - {id: b-war9, at: 4}\n"
	"  - {id: b-war5, at: 4}\n"
	"  - {id: b-arc1, at: 3}\n"
	"  - {id: b-war2, at: 3}\n"
	"  - {id: b-war6, at: 1}\n"
	"  - {id: b-war4, at: 1}\n"
	"  - {id: b-war3, at: 1}\n"
	"last-roll:\n"
	"  white: [3, 5]\n"
	"  black: [3, 4]\n"
	"deck:\n"
	"  pile: 16\n"
	"  hands: {white: 4, black: 0}\n"
	"  reactions: {white: 0, black: 0}\n"
	"  discards: [potion-3, poison-1, manifestation, duplication]\n"
	"  commitments:\n"
	"    pile: \"sha256:feb6e9b393d3a2827c1690d9d6c3fec37d074313fdad0aea10351b5e5a10f19d\"\n"
	"    white: \"sha256:74724c0f814ac7a9742e7357ea700c3a58aa791d8436ff11ed8f95701436f37a\"\n"
	"    black: \"sha256:373f3b2066a0978f96c98dad39aec6fa266cf2301d793e71b26e84585da59fc2\"\n"
	"    reactions-white: \"sha256:0fe46f91e375f59fdbfcc843586bc74ab4c303806a1b3d7057a0c9f643bb8d62\"\n"
	"    reactions-black: \"sha256:421b7efca4507303ef6a240f90d047246cc7017f7f7bb69fda3810c051ee9512\"\n";

static struct fixed fixed[] = {
	{ "a/game.yaml", state_a, NULL },
	{ "b/game.yaml", state_b, NULL },
	{ "c/game.yaml", state_c, NULL },
	{ "d/game.yaml", state_d, NULL },
	{ "e/game.yaml", state_e, NULL },
	{ "f/game.yaml", state_f, NULL },
	{ "g/game.yaml", state_g, NULL },
	{ "h/game.yaml", state_h, NULL },
	{ "i/game.yaml", state_i, NULL },
	{ "j/game.yaml", state_j, NULL },
	{ "k/game.yaml", state_k, NULL },
	{ "l/game.yaml", state_l, NULL },
	{ "m/game.yaml", state_m, NULL },
	{ "n/game.yaml", state_n, NULL },
	{ "o/game.yaml", state_o, NULL },
	{ "p/game.yaml", state_p, NULL },
};

#define NFIXED (sizeof(fixed) / sizeof(fixed[0]))

static struct umpire_game *
load(const struct fixed *f)
{
	struct umpire_diags d = UMPIRE_DIAGS_INIT;
	struct umpire_game *g;

	if (umpire_game_load(&g, f->file, f->text, strlen(f->text), &d) != 0)
		fuzz_fail(&d, f->text, strlen(f->text), "a fixed state does not "
			"load");
	umpire_diags_free(&d);
	return g;
}

static void
free_fixed(void)
{
	for (size_t i = 0; i < NFIXED; i++)
		umpire_game_free(fixed[i].g);
}

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
	fuzz_setup(argc, argv);
	for (size_t i = 0; i < NFIXED; i++)
		fixed[i].g = load(&fixed[i]);
	atexit(free_fixed);
	return 0;
}

/* The bot's orders for g must pass the check. */
static void
bot_agrees(const struct umpire_game *g, const char *state, size_t len)
{
	struct umpire_arena a = UMPIRE_ARENA_INIT;
	struct umpire_diags d = UMPIRE_DIAGS_INIT;
	struct umpire_decision dec;

	umpire_game_decision(g, &dec);
	if (!dec.player)
		return;
	const struct umpire_node *bot = umpire_game_bot_doc(g, &a, "fuzz", 4);
	if (umpire_game_check_doc(g, &a, bot, &d) != 0)
		fuzz_fail(&d, state, len, "the check refuses the bot's orders");
	umpire_diags_free(&d);
	umpire_arena_free(&a);
}

/* Orders that passed the check on f: resolve them on a fresh copy. */
static void
resolve(const struct fixed *f, struct umpire_arena *a,
	const struct umpire_node *orders, const char *text, size_t len)
{
	struct umpire_game *g = load(f), *again;
	struct umpire_buf state = UMPIRE_BUF_INIT, state2 = UMPIRE_BUF_INIT;
	struct umpire_step_report report = UMPIRE_STEP_REPORT_INIT;
	struct umpire_diags d = UMPIRE_DIAGS_INIT;

	umpire_game_resolve(g, a, orders, &report);
	if (g->step != f->g->step + 1)
		fuzz_fail(NULL, text, len, "resolve did not advance the step");
	umpire_game_encode(g, UMPIRE_VERSION, &state);
	if (umpire_game_load(&again, "new/game.yaml", state.ptr, state.len,
	    &d) != 0)
		fuzz_fail(&d, state.ptr, state.len, "the state resolve wrote does "
			"not load (orders were:\n%.*s)", (int)len, text);
	umpire_game_encode(again, UMPIRE_VERSION, &state2);
	if (!umpire_buf_equal(&state2, state.ptr, state.len))
		fuzz_fail(NULL, state2.ptr, state2.len, "the state resolve wrote "
			"encodes to other bytes once loaded");
	bot_agrees(again, state.ptr, state.len);
	umpire_game_free(again);
	umpire_game_free(g);
	umpire_step_report_free(&report);
	umpire_buf_free(&state);
	umpire_buf_free(&state2);
	umpire_diags_free(&d);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *text = (const char *)data;

	for (size_t i = 0; i < NFIXED; i++) {
		struct umpire_arena a = UMPIRE_ARENA_INIT;
		struct umpire_diags d = UMPIRE_DIAGS_INIT;
		const struct umpire_node *orders;
		int rc = umpire_game_check(fixed[i].g, &a, "orders.yaml", text,
			size, &orders, &d);

		if (rc == 0) {
			if (d.errors || !orders)
				fuzz_fail(&d, text, size, "the check passed orders with "
					"errors");
			if (!fixed[i].g->hides || fixed[i].g->secret_known)
				resolve(&fixed[i], &a, orders, text, size);
		} else if (rc != EX_DATAERR || !d.errors) {
			fuzz_fail(&d, text, size, "the check failed (%d) without "
				"saying why", rc);
		}
		umpire_arena_free(&a);
		fuzz_print(&d);
		umpire_diags_free(&d);
	}
	return 0;
}
