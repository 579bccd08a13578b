/*
 * verbs.c - every verb umpire has: its name, the function that runs it,
 * its synopsis, what it does and its options, as `umpire VERB --help`
 * and `umpire --help` print them.  Adding a verb touches this table and
 * its own cmd_*.c file.
 */
#include "cli.h"

const struct cli_verb cli_verbs[] = {
	{ "rules", cmd_rules, "umpire rules",
	  "List the rulesets umpire plays: name, title, players.", NULL },
	{ "new", cmd_new,
	  "umpire new DIR --scenario FILE|SCENARIO [--seed HEX | --seed-file F] "
	  "[--sealed] [--key PLAYER=FILE ...] [--date TIME]",
	  "Start a game from a scenario in DIR, a new git repository: roll for\n"
	  "the first player (step 0), commit, and print the report.",
	  "  --scenario FILE  the scenario (see umpire-files(5)), or the name of\n"
	  "                   a built-in one: a ruleset's name for its standard\n"
	  "                   game, RULESET:NAME for the others (umpire rules)\n"
	  "  --seed HEX       the dice seed, 64 hex digits; default: 32 random bytes\n"
	  "  --seed-file F    read the seed from F; with --sealed, F is created\n"
	  "                   with a random seed if it does not exist\n"
	  "  --sealed         keep only the seed's commitment in the game\n"
	  "  --key PLAYER=FILE  PLAYER's OpenSSH ed25519 public key, from FILE\n"
	  "                   (his id_ed25519.pub), in place of the scenario's\n"
	  "  --date TIME      date the set-up TIME, not the clock's now (a\n"
	  "                   set-up reproduced byte for byte)\n\n"
	  "example: umpire new game --scenario samples/amb/standard.yaml\n" },
	{ "status", cmd_status,
	  "umpire status DIR [--svg] [--as PLAYER --identity KEYFILE]",
	  "Show the step, whose decision is awaited, and the board.",
	  "  --svg            print the picture of the board instead (SVG): the\n"
	  "                   latest step's, with its moves and dice\n"
	  "  --as PLAYER      in a game that hides information, print PLAYER's\n"
	  "                   private view too (his latest report to him)\n"
	  "  --identity KEYFILE  PLAYER's OpenSSH ed25519 private key, which\n"
	  "                   opens it; no seed is needed\n" },
	{ "check", cmd_check,
	  "umpire check DIR ORDERS [--signature SIG]\n"
	  "            [--seed-file F | --as PLAYER --identity KEYFILE]\n"
	  "            [--format FORMAT]",
	  "Validate an orders file (- for standard input) against the game;\n"
	  "nothing is written.",
	  "  --signature SIG  the orders' OpenSSH signature, in a game whose\n"
	  "                   players have keys (default: ORDERS.sig)\n"
	  "  --seed-file F    a sealed game's seed (or set UMPIRE_SEED), needed\n"
	  "                   only where the orders hold sealed values or the\n"
	  "                   rules need the secret part\n"
	  "  --as PLAYER      in a game that hides, check PLAYER's orders from\n"
	  "                   his own view, without the seed: what depends on\n"
	  "                   others' secrets and sealed values are left to\n"
	  "                   the host, and a note says so\n"
	  "  --identity KEYFILE  PLAYER's OpenSSH ed25519 private key\n"
	  "  --format FORMAT  diagnostics as text (the default), json (one\n"
	  "                   object on standard error), github (workflow\n"
	  "                   commands) or gitlab (a Code Quality report), on\n"
	  "                   standard output\n" },
	{ "turn", cmd_turn,
	  "umpire turn DIR ORDERS [--signature SIG] [--seed-file F] [--force]\n"
	  "            [--wait SECONDS] [--format FORMAT]",
	  "Validate orders (- for standard input), resolve them, commit the new\n"
	  "state, the orders, the report and its picture, and print the report,\n"
	  "which ends with the step's receipt.",
	  "  --signature SIG  the orders' OpenSSH signature, in a game whose\n"
	  "                   players have keys (default: ORDERS.sig)\n"
	  "  --seed-file F    a sealed game's seed (or set UMPIRE_SEED)\n"
	  "  --force          build on a HEAD that umpire did not commit\n"
	  "  --wait SECONDS   wait up to SECONDS for a game another umpire is\n"
	  "                   adjudicating before exiting 75 (default 0)\n"
	  "  --format FORMAT  diagnostics as text, json, github or gitlab (see\n"
	  "                   check)\n" },
	{ "bot", cmd_bot,
	  "umpire bot DIR [--player P] [--seed TEXT] [--standing]\n"
	  "           [--as PLAYER --identity KEYFILE] [--seed-file F] [--level L]",
	  "Print legal orders for the awaited decision, drawn at random as the\n"
	  "ruleset's manual says (Army Man Backgammon: uniformly from all legal\n"
	  "orders); the same game and seed give the same orders.",
	  "  --player P       fail unless P's decision is awaited\n"
	  "  --seed TEXT      vary the draw (any text)\n"
	  "  --standing       add the standing orders the bot would send with\n"
	  "                   them for the player's later decisions, where the\n"
	  "                   ruleset lets orders stand\n"
	  "  --as PLAYER      in a game that hides information, draw PLAYER's\n"
	  "                   orders from what he knows alone; no seed needed\n"
	  "  --identity KEYFILE  PLAYER's OpenSSH ed25519 private key\n"
	  "  --seed-file F    a sealed game's seed, for the host's bot of a game\n"
	  "                   that hides (or set UMPIRE_SEED)\n"
	  "  --level L        1: random legal orders (default); 2: the best of\n"
	  "                   the bot's candidates after a one-ply search\n" },
	{ "orders", cmd_orders,
	  "umpire orders DIR [--as PLAYER --identity KEYFILE]",
	  "Print an orders template for the awaited decision: the envelope\n"
	  "filled, the schema's modeline, and in comments the decision (its\n"
	  "dice), the board and legal orders for an example, to fill in.",
	  "  --as PLAYER      the player who fills it in: refused unless his\n"
	  "                   decision is awaited; in a game that hides, his\n"
	  "                   private view (his hand) goes in the comments and\n"
	  "                   the example is drawn from what he knows alone\n"
	  "  --identity KEYFILE  PLAYER's OpenSSH ed25519 private key, which\n"
	  "                   opens his view\n\n"
	  "example: umpire orders game > orders.yaml\n" },
	{ "sign", cmd_sign, "umpire sign ORDERS --key KEY [--signature SIG]",
	  "Sign an orders file for a game whose players have keys, with\n"
	  "ssh-keygen -Y sign -n umpire, and write the signature to ORDERS.sig,\n"
	  "replacing an old one without asking.",
	  "  --key KEY        the OpenSSH ed25519 private key to sign with (a\n"
	  "                   passphrase is asked for as ssh-keygen asks, or\n"
	  "                   through SSH_ASKPASS); or its public half, to sign\n"
	  "                   with the key ssh-agent holds\n"
	  "  --signature SIG  where to write the signature (default: ORDERS.sig)\n" },
	{ "seal", cmd_seal, "umpire seal DIR FILE",
	  "Seal a secret choice (YAML, - for standard input) to the game's\n"
	  "recipient for the awaited decision, and print the armored block to\n"
	  "put in the orders, as age -r RECIPIENT -a would; first check it\n"
	  "against the rules, and refuse it (exit 65) if it is not legal.",
	  NULL },
	{ "verify", cmd_verify,
	  "umpire verify DIR [--seed-file F] [--receipt STEP:HASH ...]\n"
	  "              [--contest ORDERS [--signature SIG]] [--now TIME]",
	  "Replay the whole history and name the first commit whose state,\n"
	  "report, orders, rolls or commit differ from re-adjudication.",
	  "  --seed-file F    a sealed game's seed, if not revealed yet\n"
	  "  --receipt STEP:HASH  prove that step STEP is still in the history,\n"
	  "                   as the receipt its report gave says (repeatable)\n"
	  "  --contest ORDERS orders a player signed: refuse a default step\n"
	  "                   made in the place of the step they answer\n"
	  "  --signature SIG  their signature (default: ORDERS.sig)\n"
	  "  --now TIME       verify as of TIME (default: the clock): no step\n"
	  "                   may be dated after it\n" },
	{ "reveal", cmd_reveal, "umpire reveal DIR --seed-file F [--force]",
	  "Publish a sealed game's seed in a commit, so anyone can verify it.",
	  "  --seed-file F    the seed (or set UMPIRE_SEED)\n"
	  "  --force          reveal before the game is over\n" },
	{ "resolve", cmd_resolve,
	  "umpire resolve STATE ORDERS -o NEW_STATE -r REPORT [--svg PICTURE]\n"
	  "               [--seed-file F] [--secret SECRET [--secret-out NEW_SECRET]]\n"
	  "               [--date TIME]\n"
	  "       umpire resolve STATE --standing -o NEW_STATE -r REPORT [...]",
	  "Resolve orders against a state file and write the new state and the\n"
	  "report; no git.",
	  "  -o NEW_STATE     where to write the new state (may be STATE)\n"
	  "  -r REPORT        where to write the report\n"
	  "  --svg PICTURE    write the step's picture too (SVG)\n"
	  "  --seed-file F    a sealed game's seed (or set UMPIRE_SEED)\n"
	  "  --secret SECRET  in a game that hides information, its secret part\n"
	  "                   in the clear, which the step needs\n"
	  "  --secret-out NEW_SECRET  where to write it after the step\n"
	  "  --date TIME      the step's date, which the new state records as\n"
	  "                   turn's does (no deadline: that needs the scenario);\n"
	  "                   default: none\n"
	  "  --standing       no ORDERS: make the step of umpire's that applies\n"
	  "                   the standing orders due, as turn commits it\n" },
	{ "schema", cmd_schema,
	  "umpire schema RULESET state|orders|scenario [--json] | "
	  "umpire schema envelope\n       | umpire schema --write DIR",
	  "Print a JSON Schema (2020-12, as YAML) that umpire validates with.",
	  "  --json           as one self-contained JSON document\n"
	  "  --write DIR      write every ruleset's, as JSON, into DIR (for the\n"
	  "                   modelines of orders files: .umpire/schemas)\n" },
	{ "simulate", cmd_simulate,
	  "umpire simulate RULESET --games N [--seed HEX] [--scenario FILE|SCENARIO] "
	  "[--max-steps M] [--levels L[,L...]]",
	  "Play N games of bot against bot in process, no git, and print the\n"
	  "wins per side, the game lengths and the speed.",
	  "  --games N        how many games\n"
	  "  --seed HEX       the base seed, 64 hex digits (default: all zeros);\n"
	  "                   game i's seed is SHA-256 of it and i\n"
	  "  --scenario FILE  default: the ruleset's standard scenario\n"
	  "  --max-steps M    give up on a game after M steps (default 10000)\n"
	  "  --levels L,...   the bot's level (1 or 2) for each player in order,\n"
	  "                   the last for the rest (default 1)\n" },
	{ "tick", cmd_tick,
	  "umpire tick DIR | --games DIR [--now TIME] [--since TIME] [--seed-file F]\n"
	  "            [--force] [--wait SECONDS] [--format FORMAT] [--quiet]",
	  "Apply the game's deadline policy at TIME: commit, as umpire's, the\n"
	  "default for every decision whose deadline has passed, and list the\n"
	  "reminders that have fallen due.  Nothing to do without deadlines.",
	  "  --now TIME       the moment to apply it at: RFC 3339 in UTC\n"
	  "                   (2026-11-26T07:00:00Z) or seconds since the epoch;\n"
	  "                   default: the clock\n"
	  "  --since TIME     list only the reminders that fell due after TIME\n"
	  "                   (the previous tick's --now)\n"
	  "  --games DIR      every game in DIR (each directory holding a game's\n"
	  "                   repository), in name order, in this one process\n"
	  "  --seed-file F    a sealed game's seed (or set UMPIRE_SEED)\n"
	  "  --force          build on a HEAD that umpire did not commit\n"
	  "  --wait SECONDS   wait up to SECONDS for a busy game (default 0)\n"
	  "  --format FORMAT  text (the default) or json (one object a game, a\n"
	  "                   line each, on standard output; diagnostics as\n"
	  "                   JSON on standard error)\n"
	  "  -q, --quiet      print only the default steps and the reminders\n\n"
	  "example, a crontab line (see samples/cron/umpire-tick), which mails\n"
	  "only when tick has something to say:\n"
	  "  */10 * * * * out=$(umpire tick -q --games /srv/games) && { [ -z \"$out\" ] ||\n"
	  "    echo \"$out\" | mail -s 'umpire: deadlines' host@example.org; }\n" },
	{ "deadline", cmd_deadline,
	  "umpire deadline DIR --extend DURATION | --holiday FROM/TO [--player P] |\n"
	  "       --policy FILE [--force] [--wait SECONDS]",
	  "The host's controls over time, one a call, each committed as a host\n"
	  "step that verify checks: more time for the awaited decision, a\n"
	  "holiday that stops the clock, a deadline policy that replaces the\n"
	  "scenario's from now on.",
	  "  --extend DURATION  move the awaited decision's deadline DURATION of\n"
	  "                   running clock later (\"48h\": s, m, h, d or w)\n"
	  "  --holiday FROM/TO  stop the clock from FROM to TO (RFC 3339 in UTC\n"
	  "                   or seconds since the epoch), of every player's\n"
	  "                   decisions or, with --player P, of P's\n"
	  "  --policy FILE    the policy from now on: FILE holds deadlines: as a\n"
	  "                   scenario writes it\n"
	  "  --force          build on a HEAD that umpire did not commit\n"
	  "  --wait SECONDS   wait up to SECONDS for a busy game (default 0)\n" },
	{ "site", cmd_site, "umpire site DIR OUT [--commit-url URL]",
	  "Write the game's web page into OUT (index.html and the steps'\n"
	  "pictures), from its git history: the players, every step's report,\n"
	  "picture and commit, the result; the page re-derives every roll from\n"
	  "the seed in the browser.  Self-contained: it works from file://.",
	  "  --commit-url URL link each step's commit to URL followed by its id\n"
	  "                   (https://github.com/OWNER/REPO/commit/)\n\n"
	  "example: umpire site game public && xdg-open public/index.html\n" },
	{ "hook", cmd_hook, "umpire hook install REPO [--seed-file F] [--force]",
	  "Make a bare repository the players share adjudicate the orders they\n"
	  "push to refs/heads/orders/PLAYER: checked before the push is taken,\n"
	  "then the turn committed to main.",
	  "  --seed-file F    a sealed game's seed, kept outside the repository\n"
	  "  --force          replace hooks umpire did not write\n" },
	{ "mail", cmd_mail,
	  "umpire mail --game DIR | --games DIR [--from ADDR] [--sendmail CMD |\n"
	  "            --maildir DIR] [--keep DIR] [--not-orders reply|drop]\n"
	  "            [--seed-file F] [--page-url URL] [--wait SECONDS]",
	  "Adjudicate the orders in the message on standard input (a mail\n"
	  "system's pipe), reply to the sender and mail the report to the players.",
	  "  --game DIR       the one game played at this address\n"
	  "  --games DIR      a directory of games; the orders' game: picks one\n"
	  "  --from ADDR      the game's address (default: $RECIPIENT, which the\n"
	  "                   MTA sets to the envelope's; never the To: line)\n"
	  "  --sendmail CMD   how to send (default: /usr/sbin/sendmail -t -i)\n"
	  "  --maildir DIR    write the messages into a Maildir instead\n"
	  "  --keep DIR       keep every message that made no step in a Maildir\n"
	  "  --not-orders reply|drop  answer mail that is not orders, or not\n"
	  "                   (drop needs --keep)\n"
	  "  --seed-file F    a sealed game's seed (or set UMPIRE_SEED)\n"
	  "  --page-url URL   link each report to the game's page (umpire site)\n"
	  "  --wait SECONDS   wait up to SECONDS for a game another umpire is\n"
	  "                   adjudicating (default 30), then exit 75\n\n"
	  "exit: 0 handled (even orders refused); 75 locked or trouble: retry\n" },
	{ NULL, NULL, NULL, NULL, NULL },
};
