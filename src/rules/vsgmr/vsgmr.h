/*
 * vsgmr.h - Very Simple Generic Miniatures Rules (Andrew Domino, version
 * 6), shared between the files of this folder.
 *
 * Rulings are cited as VS-N (the list below, and umpire-vsgmr(7),
 * which must say the same); the rulebook by its sections: II. Rules
 * (Initiative, Movement, Distance Attacks, Armor, Automatic Fire,
 * Cover, Hand To Hand Attacks, Skill Rolls), III. Attack Effects, IV.
 * Figure Point Values, V. Traits, VI. Super Powers (Knockback), VII.
 * Sample Armies, VIII. Scenarios, IX. Miniatures For Every Scale, X.
 * Solo VSGMR.
 *
 * The rules are pure (no die drawn, no file read) up to round.c, each
 * part tested on its own: what a figure is and what it costs
 * (army.c); every roll the rules make, judged from the faces the dice
 * show (fight.c); the questions of the tabletop (space.c) and of the
 * battle map (map.c); the order of decisions in a round and how a game
 * ends (round.c).  Then the files: a scenario or a state read and
 * checked into a game (scenario.c), a game written as a state
 * (state.c), orders read and checked (orders.c); the resolution that
 * draws the dice (resolve.c); the bot, the board as text and as a
 * picture; and the hooks core calls (ruleset.c).
 *
 * Files, in a one-way chain (each calls only those above it):
 *   army.c      figures, their prices, an army (a roster) read from YAML
 *   fight.c     initiative, attacks, armor, skill and the other rolls
 *   space.c     the tabletop: reach, range, facing, sight, moves, set-up
 *   map.c       the battle map (IX): scales, moves, adjacency, sight, range
 *   round.c     who decides what, when, and how the game ends
 *   scenario.c  a scenario read and checked: players, table or map, forces, set-up
 *   state.c     a game written as a state file, for scenario.c to read back
 *   orders.c    one player's orders for a phase, read and checked
 *   resolve.c   checked orders played with dice; what comes next; scores
 *   bot.c       random legal orders for the awaited decision
 *   stand.c     what orders may stand, and the bot's standing orders
 *   board.c     the game as text: a map, the round, the players' figures
 *   picture.c   the game as a picture (SVG), with the step's marks
 *   ruleset.c   the registry entry and the hooks core calls
 *
 * Rulings so far:
 *
 * VS-1  A figure is one of four kinds: a troop or a hero (the two
 *       flavours of guy), cavalry, or a vehicle (I, IV).
 * VS-2  Prices are section IV's, V's and VI's, per figure: troop 1, hero
 *       2, cavalry 2, vehicle 3; a distance attack 1; automatic fire 1;
 *       a guy's light armour 1 and heavy 2; cavalry and vehicles have
 *       light armour free and heavy for 1; each trait 2; super powers
 *       at their levels' prices.  Any points a force does not spend are
 *       lost.
 * VS-3  Every force names exactly one commander, and it is a guy (IV:
 *       "You must buy a guy figure").  A hero commander has heavy armour
 *       for nothing: its armour is heavy whether the file says so or
 *       not, and a file that gives it light armour is refused (it would
 *       be paying for less than it has).  A troop commander buys its
 *       armour like any troop.
 * VS-4  A figure has a trait at most once and a super power at one level
 *       at most (V, VI).  Independent is for cavalry and vehicles only,
 *       Super-Skill for guys only.
 * VS-5  "Weapon Master", which the Orcs' Warlord has (VII) and section V
 *       never defines, is Combat Master: section V describes Combat
 *       Master as "melee weapon expertise", and the Warlord's printed 4
 *       points are a hero commander (2) with one trait (2).  A figure
 *       cannot have both.  A file may write either name; umpire writes
 *       the one the file used.
 * VS-6  Automatic fire, Super-Blast, Sharpshooter and Area Effect Attack
 *       may be bought by a figure with no distance attack (the Modern
 *       Infantry's Helicopter Pilot has automatic fire), and change
 *       nothing until it has one: umpire warns.  Likewise Super-Armor
 *       and Tough on a figure with no armour: it makes no armour roll
 *       (II, Armor: "Figures wearing armor").
 * VS-7  What a figure carries besides its rider or driver (IV): cavalry
 *       0 unless the army says 2 ("larger figures ... up to 2 additional
 *       guys"), vehicles 4 unless the army says another number ("or even
 *       more for very large vehicles"; the Undead's Demon carries 0).
 * VS-8  Two of section VII's printed figures are not what its lines add
 *       up to, and umpire prices the lines: Undead is 11 figures (the
 *       heading says 9), and Bug Aliens is 22 points (the heading says
 *       24; the lines are 6 and 16).  Every other army's lines and
 *       heading agree with umpire's prices.
 *
 * VS-9  Bonuses add up.  A hero's or a vehicle's +1 and a trait's +1 or
 *       +2 are separate sentences of the rulebook and both apply: a hero
 *       Sharpshooter adds 3 to a distance attack.
 * VS-10 Automatic fire rolls two of the figure's distance attack dice
 *       and keeps the higher (with Super-Blast, two of the bigger die).
 *       That die is "the die" wherever a rule looks at the die itself:
 *       Cause Fear's 1 or 2, Knockback's 8 or more.
 * VS-11 Cause Fear looks at the die as rolled, before bonuses: an attack
 *       whose die shows 1 or 2 against a figure with Cause Fear fails,
 *       whatever its bonuses would make of it.
 * VS-12 An armour roll: the figure's die (d6, or Super-Armor's), +1 for
 *       a vehicle, +1 for Tough (+2 for a vehicle with Tough; VS-9: a
 *       vehicle with Tough adds 3 in all).  Light armour saves on 6 or
 *       more, heavy on 4 or more.  Against Ignores Armor the figure
 *       rolls twice and is saved only if both rolls save.
 * VS-13 Knockback is the die's points above 7, in Half Move Units, when
 *       the attack used Super-Blast (distance) or Super-Brawl (hand to
 *       hand), hit, and the target was not defeated.  "The die result"
 *       of its distance is the die as rolled, without bonuses: the rule
 *       starts from "rolls 8 or more on the die", and its example's
 *       "die result of 9" is the one that causes knockback.
 * VS-14 Initiative: every player rolls a d6 and adds the highest
 *       Super-Move bonus among his figures on the table (+1, +2, +3) and
 *       the scenario's (Ambush: +1 for each Ambusher).  Only the players
 *       tied for the highest total roll again, as often as it takes.
 * VS-15 A building or terrain piece that is hit rolls a d6 and saves on
 *       3 or more, with no bonus of any kind (III), and once: Ignores
 *       Armor's second roll is for "an opponent wearing armor" (V).
 * VS-16 Solo play's activation die (X): 4 to 6, every figure; 2 or 3,
 *       half the side's figures rounded up, or figures worth at most
 *       half its points ("up to 1/2 the points value": 10 of 21; the
 *       rounding up is the figures' only);
 *       1, one figure.  A 6 also brings back one defeated figure.
 * VS-17 Movement, in hundredths of an inch, is the tables' printed
 *       totals (II), the first where two are printed (not 13" or 4"):
 *       a guy 8.5", cavalry 12.75", a vehicle 17"; in rough terrain
 *       their Half Move Unit totals, 4.25", 6.5" and 8.5" (6.5", not
 *       half of 12.75").  Super-Move adds the rule sheet's units,
 *       alike for every kind: 4.25" minor, 8.5" major, 12.75" superior.
 *       In rough terrain a figure "can only move up to a Half Move
 *       Unit": its kind's, Super-Move or not.  A figure with Flight
 *       moves its full allowance in rough terrain too (V).
 * VS-18 Knockback moves figures (VI: "the opposing figure ... moves
 *       straight backward"): a building or terrain piece that is hit
 *       and saves stays where it is.
 * VS-19 Summon's and Recruit's rolls are a d6 with nothing added: they
 *       are not attack, armour or skill rolls, the only rolls a kind,
 *       a trait or a super power changes besides initiative (IV, V,
 *       VI; VS-14).
 *
 * VS-20 A piece of terrain is any mix of three things, its kind the
 *       sum of their numbers: a barrier 1 (II: "A figure cannot move
 *       through a barrier like a wall or fence"; Flight passes over
 *       it, V), cover 2 (it blocks lines of sight: "terrain like a
 *       building wall or a tree"), rough 4 (II: forest, rocks, water,
 *       a hill's slope).  A building is 3, a wall 3, a fence 3 (a
 *       partial obstacle, as on the map, VS-34), a wood 6, a pond 4.
 *       Figures are not terrain: they block sight (VS-25) but give no
 *       cover.
 * VS-21 Bases touch when their edges are at most 0.01" apart (TABLE-3):
 *       positions are whole hundredths (TABLE-1), so two figures side
 *       by side at an angle are seldom exactly 0 apart, and one set as
 *       close as the table allows is touching.  Bases never overlap
 *       at the end of a move (VS-26).
 * VS-22 Hand to hand (II): the target touches the attacker (VS-21) or
 *       is within its reach, the length the scenario gives the figure
 *       (its height laid "flat on its face where it was standing"; 0
 *       unless given), from the centre of the attacker's base to the
 *       nearest of the target's, in any direction: II asks facing of
 *       distance attacks only.
 * VS-23 Distance attacks (II): the target is within a Distance Attack
 *       Unit, 11", from edge to edge of the bases (TABLE-3; "the front
 *       of the figure's body", where Movement measures from, is its
 *       base's edge): 11.00" is in range, 11.01" is not.  A building
 *       or terrain piece is in range when its nearest point is.
 * VS-24 "It has to be facing the foe" (II): the target's centre lies
 *       within 90 degrees either side of the attacker's facing, the
 *       edges included (TABLE-17), its front half.  A figure with no
 *       facing faces everything.  A building or terrain piece is faced
 *       when any of it is.
 * VS-25 Sight (II, Cover; IX): some line from the centre of the
 *       attacker's base reaches some point of the target's base, rim
 *       included, meeting no piece that gives cover (VS-20) and no base
 *       of an enemy figure other than the target ("If there is no enemy
 *       figure or large obstacle ... in the path"; allies block
 *       nothing).  Pieces and bases are closed: touching ones leave no
 *       gap.  A piece holding the attacker's centre, and a piece or base
 *       overlapping the target's, hide nothing (TABLE-8); a base holding
 *       the attacker's centre hides all.  "At least half-blocked", so in
 *       cover: the cover pieces hide at least half the target's width as
 *       a photograph from the attacker's centre, aimed at the target's,
 *       shows it (the tangents of the directions from its centre; exactly
 *       half is in cover); bases give none.  A cavalry rider or a vehicle
 *       driver or pilot on its mount is in cover whatever (II).  All
 *       exact (geom's umpire_cover).  Before 0.6.0: TABLE-7's 13 lines,
 *       seen when one meets neither cover nor such a base, in cover when
 *       7 or more meet cover; a piece holding either centre blocks none.
 * VS-26 A move (II) is measured along the path of its base's centre
 *       (TABLE-6: moved whole, the front of the body goes as far);
 *       turning costs nothing.  It is refused when it is longer than
 *       the allowance (VS-17), the rough one if the base overlaps a
 *       rough piece where it starts ("If a figure is in rough terrain
 *       ... until the turn it is completely outside": one that starts
 *       clear moves its full allowance into rough ground); when its
 *       base crosses a barrier (TABLE-11), but with Flight (V: "pass
 *       over obstacles like walls"); when it passes through the base of
 *       a figure not of its side, coming closer than it started, Flight
 *       or not (IX, the book's only word: "They can move through the
 *       same space as another allied figure"; V passes over obstacles,
 *       not figures, as on the map, VS-35); and when it ends
 *       overlapping a barrier or any base, but the cavalry's or
 *       vehicle's it boards (II: "Moving onto a cavalry or vehicle").
 * VS-27 "Anything that moves off the playing surface cannot return"
 *       (II): a path whose last waypoint is off the table (TABLE-13)
 *       takes the figure out of the game, and a player may do so on
 *       purpose; a path that goes on after a waypoint off it is refused.
 * VS-28 Moved straight back (VI, Knockback; V, Cause Fear): knockback
 *       runs against the target's facing, or away from the attacker's
 *       centre if it has none; fear away from the centre of the figure
 *       with Cause Fear, which the figure then faces away from.  The
 *       point L along (dx, dy) is L dx / |(dx, dy)| and L dy / |(dx,
 *       dy)| from the start, each rounded toward zero: never further
 *       than L.  "As far as it can": the longest whole hundredths up to
 *       L whose straight leg crosses no barrier (but with Flight) and
 *       no base, of any side (it is thrown, not walked), as in VS-26;
 *       if that leg reaches off the table, the figure leaves the game
 *       (VS-27).  One that starts in rough terrain goes no further than
 *       its rough allowance (VS-17): "the normal movement rules".
 * VS-29 "Within" a length of a figure (Area Effect's further targets,
 *       Summon's place, VIII's and X's set-ups) is from edge to edge,
 *       the length included (TABLE-3); "at least" that far away allows
 *       exactly it, "more than" does not.  From a figure to a building
 *       (Fortress Assault) it is from the edge of its base to the
 *       nearest point of the piece.
 * VS-30 Set-up (VIII): Basic, no figure of another player closer than 2
 *       Move Units (17"); Ambush, each Target figure within 1 Move Unit
 *       of a figure of another Target player ("at least one other
 *       Target player figure besides their own"), or, when there is
 *       one Target player, of another of his own (else none could set
 *       up);
 *       Fortress Assault, Defenders within a Half Move Unit of the
 *       building, Assaulters at least 2 Move Units from it.
 *
 * VS-31 The battle map (IX): a scenario names a row of the chart:
 *       "4.7mm", "15mm", "25mm" (or "28mm": the row is "25 or 28 mm"),
 *       "54mm", "90mm", "180mm", "300mm".  Its numbers are as printed,
 *       in spaces; the size of a space is the first printed (1", not
 *       1 1/2"), and only for the report: on the map all is spaces.
 * VS-32 The chart's "Movement On A Turn" is a guy's Move Unit (IX: "for
 *       a typical human"); the rest keep II's and VI's proportions.  A
 *       length of n Half Move Units is n times half the chart's
 *       movement, rounded down once, at the end: a guy moves 2 (a Move
 *       Unit), cavalry 3, a vehicle 4, and Super-Move adds 1, 2, 3 (at
 *       25mm 6, 9, 12 spaces; at 54mm cavalry 4, not 4 1/2).  So too
 *       Area Effect's and Summon's Half Move Unit, knockback, VIII's
 *       set-ups and X's Move Unit.  A length of a Half Move Unit or
 *       more is never less than 1 space (IX's chart names no length
 *       shorter than a space): a Half Move Unit is 1 space at 300mm,
 *       not 0, so a Defender may stand next to the building, and
 *       Summon and Area Effect reach.  "Within" is a king-move distance (IX: "in any
 *       direction, including diagonally") of at most that many spaces,
 *       "at least ... away" at least, "more than ... away" more.
 * VS-33 Difficult terrain "halves a figure's movement through it (round
 *       down)" (IX), and a figure's movement is its allowance (II: "up
 *       to its full movement"): the whole of it, Super-Move included,
 *       is halved and rounded down when any space the figure starts
 *       in, passes through or ends in is difficult; 5 spaces become 2.
 *       A figure with Flight is never slowed (V: "its full movement,
 *       even through rough terrain").  The tabletop reads II instead
 *       ("If a figure is in rough terrain it can only move up to a
 *       Half Move Unit", VS-17, VS-26): each way of playing follows its
 *       own section's words, so a guy with Super-Move is slowed more
 *       on the table than on the map.
 * VS-34 A space of the map is one of six kinds: open; small (an obstacle
 *       "filling less than half a space": nothing at all, IX);
 *       difficult (rubble, heavy growth: VS-33); darkness (difficult,
 *       as IX lists it, and a "large obstacle" to sight); partial (a
 *       window, a low wall, a fence: a barrier that gives cover);
 *       building (or a high wall: a barrier that blocks sight).  No
 *       figure enters a barrier (II: "cannot move through a barrier"),
 *       but one with Flight passes over it (V); no figure ends its move
 *       on one, nor is set up there.
 * VS-35 A figure steps from space to space, in any of the eight
 *       directions (IX), one space a step.  It may pass through its own
 *       side's figures, never another's ("another allied figure": an
 *       enemy is any other player's), Flight or not (V passes over
 *       "obstacles like walls", not figures); it ends on no space
 *       another figure holds, save a guy boarding its own side's
 *       cavalry or vehicle (II: "Moving onto a cavalry or vehicle
 *       figure"), which the order says.  It then rides it: a figure
 *       of one space on one of its mount's, moving with it (II: "will
 *       move along with the cavalry or vehicle"); a rider, its mount
 *       and the mount's other riders never stand in each other's way.
 *       A rider rides no rider.  A diagonal step between two
 *       barriers that meet at a corner passes: the rulebook allows
 *       every diagonal and knows no corners; a wall meant to be closed
 *       is drawn with spaces that share sides.
 * VS-36 "Anything that moves off the playing surface cannot return"
 *       (II): an order writes a move off the map as leaving it, with no
 *       space.  The step off is a step: the figure needs a space on the
 *       edge it may pass through within its allowance less one.  It is
 *       then out of the game.
 * VS-37 A figure may take more than one space: a scenario gives it a
 *       square of 2 x 2, 3 x 3 or 4 x 4 (IX: "if it takes up more than
 *       one space"), named by its lowest-file, lowest-rank space.  It
 *       moves whole and never turns; every one of its spaces must be
 *       passable (VS-34, VS-35), and any difficult one slows it.  Its
 *       distance from another figure is between their nearest spaces.
 * VS-38 Hand to hand needs the figures adjacent (IX: "spaces that touch
 *       on a side or corner"): distance 1 (VS-37), diagonally across
 *       the corner where two barriers meet too (VS-35).
 * VS-39 Sight (IX) is a line from the centre of one of the attacker's
 *       spaces to the centre of one of the target's, through the spaces
 *       the grid's line names: one a step along the longer axis, the
 *       space whose centre is nearest the line; on an exact tie, the
 *       one on the side of the end with the higher file (the same
 *       either way).  A space the line only clips is not in the path,
 *       less than half of it being ("obstacles filling less than half a
 *       space"); a line through the very corner of two spaces passes
 *       between them (VS-35).  The two figures' own spaces are not in
 *       the path.  An enemy figure other than the target, a building or
 *       darkness in the path blocks it; a partial obstacle gives cover
 *       (II: 6 to hit); allies, small obstacles, open and difficult
 *       ground do nothing.  The target is seen if any line is
 *       unblocked, and covered only if every unblocked line is.  A
 *       rider seen is covered (II: "considered to be covered as long as
 *       it is on its mount"), and its mount does not block it.
 * VS-40 Range (IX): a distance attack reaches the chart's Long Range, in
 *       king-move spaces between the nearest spaces (VS-37).  The chart
 *       stands for II's Distance Attack Unit ("you can make your game
 *       more detailed using the following chart"), the farthest it
 *       names is Long Range, and no rule gives Short Range an effect:
 *       umpire reports it and changes nothing.
 *
 * VS-41 Players sit in the scenario's order: the next one listed is "the
 *       person to the starting player's left" (II), and the first is
 *       the last's.  In each phase of a round (movement, distance
 *       attacks, hand to hand, skill rolls) every player in turn from
 *       the starting player takes his part, each part a decision of its
 *       own.
 * VS-42 Only players with figures, on the table or still to come
 *       (Spawning's), roll for initiative and take turns.  One whose
 *       figures are all gone (defeated, recruited, off the table) is
 *       passed over from then on, in the middle of a round too, and
 *       keeps his score.  Whether his force is destroyed, which may end
 *       the game, is VS-45's question.
 * VS-43 The initiative winner's choice of who starts is a decision of
 *       its own ("initiative"), made with the rolls in view: himself or
 *       any player who takes turns (VS-42).  Only when nobody else
 *       takes turns is it made for him: himself.
 * VS-44 A player is awaited in a phase only if he has a figure the rules
 *       let act in it then: one that can move (or, Spawning, one to
 *       come, VS-51); one with a distance weapon, or one touching an
 *       opponent it may fight or a building or terrain feature, that
 *       has not attacked this round; a guy on foot for skill rolls
 *       (II).  The others are passed over
 *       without asking: no mail for nothing.  One awaited may do
 *       nothing.
 * VS-45 The game ends after the last round's skill rolls (5, II), or at
 *       once when a step leaves any one player's force destroyed (II:
 *       "if one player's entire group of figures is destroyed"),
 *       however many play: the rest of the round is not played.
 *       Destroyed is every figure of his defeated (III), a recruited
 *       one included (V: "defeated").  A figure that left the table
 *       (escaped, fled from Cause Fear, knocked off) is "off the playing
 *       surface and out of the game" (VI), not destroyed: a player whose
 *       last figures left takes no more turns (VS-42), and the game
 *       goes on.  A scenario may play on instead until one force is
 *       left.  A round in which nobody is awaited in any phase, or a
 *       step that leaves nobody to take turns, ends the game as if the
 *       rounds had run out: nothing can change any more.  So does the
 *       end of round 100 (VS_MAX_ROUNDS) when a scenario sets no round
 *       limit (VS-52): umpire's own limit, not the rulebook's, for
 *       every game must end, to be verified or simulated.
 * VS-46 A player's score is the points (as priced, VS-2) of the
 *       opponents' figures he defeated (II), Revenge's last attack
 *       included.  A figure he recruits was "defeated" (V) and counts
 *       for him, and again for whoever defeats it later.  A figure put
 *       off the table by knockback counts for the player whose attack
 *       did it; one that flees off it from Cause Fear, for the player of
 *       the figure it feared; one that leaves by its own move, for
 *       nobody.  Equal scores share a rank, and the next rank skips as
 *       many (result.h).
 * VS-47 The Basic Game's other way to win, "Whomever has the last
 *       surviving figure(s) after 5 rounds wins" (VIII): the players
 *       with figures left when the game ends share first place, the
 *       others the next; with none left, a draw.  A scenario picks this
 *       or points (VS-46).
 * VS-48 In Spawning, Ambush and Fortress Assault "each player selects a
 *       side": his opponents are the other side's players, and a side
 *       wins or loses as one.  Where points or survival decide (VS-46,
 *       VS-47), each player scores his side's total, so a side's
 *       players share its rank.
 * VS-49 Escape: a player wins at once when more than half the figures he
 *       set up (their number, not their points) are across the opposite
 *       edge; any figure of his counts, a recruited one too.  Two there
 *       in one step share first place.  Otherwise the game ends and
 *       scores as II (VS-45, VS-46).
 * VS-50 Transport: the player whose figure brings the object to the edge
 *       his force set up on wins at once; a recruited carrier carries
 *       for its new side (V).  Otherwise as II (VS-45, VS-46).
 * VS-51 Spawning: the die is rolled as a Spawner's movement decision
 *       comes up ("when a Spawner player's turn begins"), each round
 *       that he has figures not yet in the game, and shown in that
 *       decision; he is awaited in movement then, whether or not a
 *       figure of his can move.  Which figure, where, and on a 5 which
 *       side he gives in his movement orders: no decision of its own.
 *       The sides are seen from his own starting side: the opposite
 *       one, and those to his right and left as he faces the table.
 *       Otherwise II's ending and points (VS-45, VS-48).
 * VS-52 Ambush ends when all Ambusher figures or all Target figures are
 *       "killed or destroyed" (VIII): every player of that side's force
 *       destroyed as VS-45 says, not merely off the table; and only
 *       then: not after 5 rounds, nor when one
 *       player's are; a scenario may set a round limit.  With none,
 *       umpire ends it after round 100 as if the rounds had run out
 *       (VS-45): its own limit, for when nobody can reach anybody, or
 *       every player passes, the game would never end.  It names no
 *       winner, so II's points decide, by side (VS-48); a scenario may
 *       pick survival (VS-47): the side with figures left wins.
 * VS-53 Fortress Assault: the building falls at its second successful
 *       hit, +1 for each Assaulter player after the first; a successful
 *       hit is one its save (VS-15) does not turn into a miss.  "Can be
 *       successfully hit 2 times ... before it is actually removed"
 *       counts the hits that remove it, as a figure's one hit removes
 *       the figure: removed at the 2nd, not after surviving 2.  Then the
 *       Assaulter players whose forces are not destroyed (VS-45) win;
 *       when every Assaulter figure is defeated, the Defender players
 *       whose forces are not destroyed win;
 *       both in one step, the Defenders, no Assaulter being left to win.
 *       Winners share first place, the others the next.  Neither by the
 *       end of round 5: II's points, by side (VS-48).
 * VS-54 Solo play (X): which side acts first is settled once, at set-up,
 *       by a bare d6 each ("highest die result"), ties rolled again; it
 *       starts every round, with no initiative roll and no choice after.
 *       "Each turn" is each round: as it begins, before its first
 *       decision, each side's activation die is rolled (VS-16).  A side
 *       nobody plays is a player whose decisions umpire's bot makes,
 *       awaited like any other.  A 6's returning figure ("Then") is
 *       placed with the side's skill-roll orders, its last of the round:
 *       a side owed one is awaited in that phase (VS-44).
 *
 * VS-55 IV's "within 3 points of each other": no two forces' totals
 *       (VS-2) differ by more than 3; a scenario may set another number
 *       (points) or none (points: any).  In Spawning, Ambush and
 *       Fortress Assault each side is compared within itself only: VIII
 *       suggests different points for the sides (Ambush 15 and 25).
 * VS-56 An id names one thing in the whole game, whoever's: a figure
 *       (a line with a count numbering its figures id-1, id-2, ...), a
 *       building or terrain feature, an object.  Orders name them by id.
 * VS-57 A guy may set up riding (II): rides names a cavalry or vehicle
 *       figure of his own force, itself riding nothing; a mount takes
 *       its rider or driver and `carries` more (VS-7).  A rider stands
 *       where its mount does: its place may be left out and is the
 *       mount's (the table: its centre; the map: its lowest space), or
 *       given, the mount's centre on the table, a space of the mount's
 *       on the map (VS-35).  A rider, its mount and the mount's other
 *       riders do not stand in each other's way (VS-26, VS-35).
 * VS-58 VIII's set-up distances on the map are VS-32's spaces, king
 *       moves between nearest spaces (VS-37): Basic at least 2 Move
 *       Units; Ambush within 1; Fortress Assault, Defenders within a
 *       Half Move Unit of the building's nearest square, Assaulters at
 *       least 2 Move Units from it.
 * VS-59 Spawning: "Spawner players set up only one figure per player":
 *       each Spawner sets up exactly one; his others are written
 *       waiting: true, with no place, and ride nothing.  Only Spawners'
 *       figures wait; no Infiltrator's does.
 * VS-60 Solo play (X) is any game with a player marked bot: umpire
 *       allows any number of them, all of them too (a game to simulate).
 * VS-61 "On one side of the playing surface" (II, VIII) is the half
 *       nearest the force's edge: on the table each figure's centre
 *       (south y at most half the depth, north at least, west x at
 *       most half the width, east at least); on the map every space of
 *       it in the half of the ranks (files) nearest the edge, rounded
 *       up (16 ranks: 8; 15: 8).  A rider stands and falls with its
 *       mount (VS-57).  Checked in Basic, Escape, Transport and
 *       Spawning, where every Infiltrator's edge is one and every
 *       Spawner's the opposite ("on the opposite side").  Ambush and
 *       Fortress Assault place figures by each other and the building
 *       (VS-30), not by a side: their edges are not checked.
 * VS-62 Transport's "marker representing an object in or near the
 *       center of the playing surface": at least one object lies on
 *       the ground (at, not held) within a Move Unit of the centre: on
 *       the table its point within 8.5" of the table's centre; on the
 *       map its square within VS-32's Move Unit, king moves, of the
 *       centre square (of the two or four, for an even count).  No
 *       object lies on a barrier, in any scenario: a table feature
 *       that does barrier (edges included), a partial obstacle or
 *       building on the map (VS-26, VS-34).
 *
 * VS-63 A phase's orders are carried out in the order written, and name
 *       each figure at most once (II: "Each figure can be moved once",
 *       "a single distance or a single hand to hand attack per round").
 * VS-64 Moves are judged one after another, each on the table or map as
 *       the moves before it left it.  A figure on the table faces, after
 *       its move, as the order says, else as it did (II: "once a figure
 *       is done moving, it can be rotated").
 * VS-65 Attacks are checked against the phase as it starts; resolve
 *       judges each again when its turn comes.  One whose figure has
 *       fallen, or whose target is gone, out of range, unseen, not
 *       faced or not touched by then, is not made, the report says why,
 *       and the figure has not attacked.
 * VS-66 An attack "succeeds" (Area Effect, Double Strike) when its roll
 *       hits, before any armour roll: V's Ignores Armor "successfully
 *       attacks an opponent wearing armor" who then rolls.  Each `then`
 *       target is attacked only if the attack before it succeeded and
 *       only if possible then (VS-65); Area Effect's are within a Half
 *       Move Unit (VS-29) of the original target as it stood when
 *       attacked.
 * VS-67 Revenge is always taken when it can be, since umpire asks nobody
 *       out of turn and the attack can only help its owner: one attack,
 *       with no follow-ups, of the type that defeated the figure, at the
 *       figure that did, judged by the usual rules from where the two
 *       stand (a figure with no distance weapon has no distance
 *       Revenge).  It comes before anything else; a figure with Revenge
 *       that it defeats takes its own in turn.
 * VS-68 Inspiration is decided in the orders, since umpire asks nothing
 *       out of turn: an attack written `reroll: true` is rolled again
 *       once if it misses, and `reroll-armor: true` rerolls the first
 *       failed armour roll of the player's own figures during his own
 *       decision (a Revenge attack's).  Once a round for each player,
 *       while a figure of his with Inspiration is on the table; both
 *       dice of automatic fire; the second roll stands.
 * VS-69 Summon is an order of the distance, hand to hand or skill phase,
 *       in place of the figure's attack and its skill roll for the
 *       round.  The ally, a figure of its player's on the table, is put
 *       within a Half Move Unit of the summoner (VS-29) where a move
 *       could end (VS-26, VS-35), facing as it did; its riders stay
 *       where it stood (V).  It may then act in the round's later
 *       phases if it has not acted.
 * VS-70 A skill roll is a guy's on foot, once a round; the order says
 *       what it attempts, and the report whether it succeeded.  No
 *       scenario of VIII gives a skill roll an effect, so it changes
 *       nothing in the game.
 * VS-71 Items (III): a figure picks up an object at the end of its move
 *       if the object lies under its base (the table: its point within
 *       the base, VS-21) or in one of its spaces (the map).  A figure
 *       defeated drops what it carries where it stood (its centre, or
 *       its lowest space), and its riders stay there on foot; one that
 *       leaves the surface drops it at its path's last waypoint (space)
 *       on the surface, and its riders leave with it (II: they "move
 *       along").
 * VS-72 A building or terrain feature whose save fails is removed whole
 *       (III: "part or all ... decide between the players": umpire
 *       cannot cut a piece), but for Fortress Assault's building, which
 *       falls at VS-53's count.
 * VS-73 Flight (V): each move of a figure with Flight ends flying or
 *       landed, as the order says, else as it was; every figure starts
 *       landed.  One flying neither makes nor takes hand to hand
 *       attacks.
 * VS-74 On the map a figure moved straight back (VS-28) goes a king's
 *       step at a time away from the centre of the spaces of the figure
 *       that pushes or frightens it, as far as VS-32 makes the length;
 *       a barrier or any figure stops it, and a step over the map's
 *       edge puts it off (VS-36); one that starts on difficult ground
 *       goes no further than its slowed allowance (VS-33), as on the
 *       table.  A rider moved so is thrown from its mount only if it
 *       lands clear of it; else it stays on it (VS-57).  A figure is at
 *       its player's own edge (Transport, VS-50) when its base touches
 *       it (VS-21) or a space of it is on it; a rider is brought there
 *       by its mount.
 * VS-75 A cavalry figure or vehicle with nobody aboard neither moves nor
 *       attacks, unless Independent (II: "Cavalry can move if it has a
 *       rider"; V: Independent "does not need a rider ... to move and
 *       attack"), and its player is not awaited for it.
 * VS-76 A recruited figure "changes sides on the spot" (V): it is not
 *       taken off the surface, so VS-71 is not for it; it keeps what it
 *       carries, and a recruited rider its mount, a recruited mount its
 *       riders.  Rider and mount of two sides so made ride on together:
 *       the mount moves by its owner's orders (a rider aboard lets it,
 *       II), the rider may get down by its own move, and, being
 *       enemies, they may fight each other.  A state may so hold a
 *       rider on another side's mount; a scenario may not (VS-57).
 * VS-77 A rider carried by its mount has moved this round (II: it "will
 *       move along"), and is not ordered again.  A figure pushed or
 *       frightened across the opposite edge has escaped (VS-49) as one
 *       that walked.  A building or terrain feature is attacked at a
 *       distance when it is in range and faced (VS-23, VS-24): sight is
 *       a figure's question (II: "see ... the foe").  Initiative's
 *       roll-offs (VS-14) end after 100 ties in a row with the first
 *       tied player in seat order, which seeded dice never reach.
 * VS-78 Solo play's limit (X, VS-16): a figure "takes actions" when it
 *       moves, attacks, makes a skill roll or summons in the round; a
 *       rider carried by its mount, a figure spawned, summoned or
 *       brought back by a 6 does not by that.  Each counts once a
 *       round, however many phases it acts in, and as its own side's
 *       when it acts.  The bounds come from the side's figures on the
 *       playing surface as its die is rolled, and hold all round
 *       (figures that fall or come later change nothing): on 4 to 6
 *       none; on 2 or 3 half their number rounded up and half their
 *       points (VS-16); on 1 one figure, none if it had none.  On 2
 *       or 3 "alternately" lets the side choose as it goes: the
 *       figures activated in the round must be within at least one
 *       of the two bounds, the number or the points.  Orders that
 *       would activate a figure beyond are refused; an order that
 *       comes to nothing when carried out activates nobody.
 * VS-79 A distance or hand to hand phase in which no figure of the
 *       player's that may still attack has a target, and none has
 *       Summon, is passed without asking him (bot.c, vs_empty).
 */
#ifndef UMPIRE_VSGMR_H
#define UMPIRE_VSGMR_H

#include <stdbool.h>

#include "util/arena.h"
#include "util/buf.h"
#include "util/diag.h"
#include "render/marks.h"
#include "render/svg.h"
#include "doc/yaml.h"
#include "geom/grid.h"
#include "geom/sight.h"

/* ---------------------------------------------------------------- figures */

enum vs_kind { VS_TROOP, VS_HERO, VS_CAVALRY, VS_VEHICLE, VS_KINDS };

enum vs_armor { VS_NO_ARMOR, VS_LIGHT, VS_HEAVY };

/* Section V, in its order. */
enum vs_trait {
	VS_AREA_EFFECT, VS_CAUSE_FEAR, VS_COMBAT_MASTER, VS_DOUBLE_STRIKE,
	VS_FLIGHT, VS_IGNORES_ARMOR, VS_INDEPENDENT, VS_INSPIRATION,
	VS_RECRUIT, VS_REVENGE, VS_SHARPSHOOTER, VS_SUMMON, VS_TOUGH,
	VS_TRAITS
};

/* Section VI, in its order. */
enum vs_power {
	VS_SUPER_ARMOR, VS_SUPER_BLAST, VS_SUPER_BRAWL, VS_SUPER_MOVE,
	VS_SUPER_SKILL, VS_POWERS
};

enum vs_level { VS_NOT, VS_MINOR, VS_MAJOR, VS_SUPERIOR, VS_LEVELS };

#define VS_TRAIT_PRICE 2
#define VS_MAX_CARRY 99		/* more than any vehicle is given */
#define VS_MAX_COUNT 1000	/* figures on one line of an army */
#define VS_MAX_FIGURES 2000	/* figures in one army */
#define VS_MAX_ID 16		/* an id's characters (schemas/vsgmr/army.yaml) */

struct vs_profile {
	enum vs_kind kind;
	bool commander;
	bool distance;		/* can make distance attacks */
	bool automatic;		/* automatic fire */
	enum vs_armor armor;	/* as bought; vs_armor_of says as worn */
	unsigned traits;	/* 1u << enum vs_trait */
	bool weapon_master;	/* Combat Master written "weapon-master" (VS-5) */
	unsigned char power[VS_POWERS];	/* enum vs_level */
	int carries;		/* guys besides the rider or driver (VS-7) */
};

static inline bool
vs_has(const struct vs_profile *p, enum vs_trait t)
{
	return (p->traits >> t) & 1u;
}

static inline bool
vs_is_guy(const struct vs_profile *p)
{
	return p->kind == VS_TROOP || p->kind == VS_HERO;
}

/* Heroes and vehicles: +1 to attacks (II); +2 from Sharpshooter and
 * Combat Master (V). */
static inline bool
vs_is_elite(const struct vs_profile *p)
{
	return p->kind == VS_HERO || p->kind == VS_VEHICLE;
}

/* Names as files write them: "troop", "area-effect-attack", "super-armor", "minor". */
extern const char *const vs_kind_names[VS_KINDS];
extern const char *const vs_armor_names[3];
extern const char *const vs_trait_names[VS_TRAITS];
extern const char *const vs_power_names[VS_POWERS];
extern const char *const vs_level_names[VS_LEVELS];
/* And as the rulebook writes them: "Troop guy", "Area Effect Attack". */
extern const char *const vs_kind_titles[VS_KINDS];
extern const char *const vs_trait_titles[VS_TRAITS];
extern const char *const vs_power_titles[VS_POWERS];
extern const char *const vs_level_titles[VS_LEVELS];

/* The armour a figure fights in: a hero commander's is heavy (VS-3). */
enum vs_armor vs_armor_of(const struct vs_profile *p);
/* The die of a super power at the figure's level: 6 without it, 8, 10, 12. */
unsigned vs_power_die(const struct vs_profile *p, enum vs_power pw);
/* A figure's defaults for its kind: cavalry and vehicles light, VS-7's carry. */
void vs_profile_init(struct vs_profile *p, enum vs_kind kind);

/*
 * What a figure costs, item by item, in the rulebook's order: the kind,
 * distance attack, armour, automatic fire, each trait, each power.
 * Items that cost nothing but say something (a hero commander's heavy
 * armour) are listed with 0.
 */
#define VS_PRICE_ITEMS (4 + VS_TRAITS + VS_POWERS)
struct vs_price {
	int total;
	int n;
	struct {
		char what[40];	/* "Heavy Armor", "Major Super-Armor" */
		int points;
	} item[VS_PRICE_ITEMS];
};
void vs_price(const struct vs_profile *p, struct vs_price *out);

/*
 * Whether a figure may be fielded as it is (VS-3, VS-4, VS-7): NULL if
 * so; otherwise the reason is in why, the ruling cited, and the key of
 * a figure's file the refusal is about ("armor", "traits") is returned.
 * Warnings (VS-6) are not refusals: vs_profile_warning likewise gives
 * the first one, or NULL.
 */
const char *vs_profile_refused(const struct vs_profile *p, char *why, size_t n);
const char *vs_profile_warning(const struct vs_profile *p, char *why, size_t n);

/* ----------------------------------------------------------------- armies */

/* One line of an army: a figure, or `count` figures alike. */
struct vs_line {
	const char *id;		/* the figure's, or the stem of count ids */
	const char *name;	/* as the army names it; may be NULL */
	int count;
	struct vs_profile profile;
	const struct umpire_node *node;	/* for diagnostics */
};

struct vs_army {
	const char *name;	/* may be NULL */
	struct vs_line *lines;
	int nlines;
	int figures;		/* the sum of the counts */
	int points;		/* the sum of count * price */
};

/*
 * Read an army (the `figures` list and optional `army` name of a roster;
 * umpire-vsgmr(7)) from a node that passed schemas/vsgmr/army.yaml, and
 * check what the schema cannot: ids unique, one commander, each figure
 * allowed (vs_profile_refused).  Problems go to diags with the node's
 * place; warnings too.  Returns 0, or -1 with at least one error.
 */
int vs_army_read(struct vs_army *out, struct umpire_arena *a,
	const struct umpire_node *root, struct umpire_diags *diags);

/* ------------------------------------------------------------------- dice */

/*
 * Every roll of the rules, judged from the faces the dice showed: the
 * caller draws them (vs_attack_dice and the like say how many and of
 * what size) and may judge again with new ones, as Inspiration's
 * reroll does.  Nothing here rolls, allocates or keeps anything; each
 * judge fills *out with every number that decided the roll, and
 * returns 0, or -1 when the dice are not the roll's (a wrong count, a
 * face off the die) or the figure cannot make it.
 */

#define VS_MAX_PLAYERS 16	/* a bit each in an unsigned: 16 at the least */

/* Lengths in hundredths of an inch: the rule sheet's sides (II). */
#define VS_MOVE_UNIT 850
#define VS_HALF_MOVE_UNIT 425
#define VS_DISTANCE_UNIT 1100

enum vs_attack { VS_DISTANCE, VS_HAND_TO_HAND };

/* What adds to a die: a kind (II, IV), or a trait (V). */
enum vs_source {
	VS_BY_HERO, VS_BY_VEHICLE, VS_BY_SHARPSHOOTER, VS_BY_COMBAT_MASTER,
	VS_BY_WEAPON_MASTER, VS_BY_TOUGH, VS_SOURCES
};
/* "Hero guy", "Vehicle", "Sharpshooter", ..., "Weapon Master" (VS-5). */
extern const char *const vs_source_titles[VS_SOURCES];

struct vs_bonus {
	enum vs_source by;
	int add;
};

/* The most bonuses one die takes: a kind's and a trait's (VS-9, VS-12). */
#define VS_MAX_BONUSES 2

/* One die judged: its face, what was added and why, against what. */
struct vs_roll {
	unsigned sides;
	int die;
	int nbonus;
	struct vs_bonus bonus[VS_MAX_BONUSES];
	int total;		/* die and bonuses */
	int need;		/* total needed */
	bool made;		/* total >= need */
};

/*
 * An attack (II, V, VI).  With automatic fire two dice are shown and
 * roll.die is the higher (VS-10).  hit is roll.made unless fear struck
 * (VS-11).  knockback, in Half Move Units, applies only if the target
 * is not then defeated (VS-13, VS-18).
 */
struct vs_attack_roll {
	enum vs_attack kind;
	bool building;		/* the target is a building or terrain piece */
	bool cover;		/* cover counted: a figure, at a distance */
	int ndice;
	int dice[2];		/* as shown */
	struct vs_roll roll;
	bool feared;		/* the die showed 1 or 2 against Cause Fear */
	bool hit;
	int knockback;
};

/* An armour roll (II, V, VI; VS-12): saved only if every roll saves. */
struct vs_armor_roll {
	enum vs_armor armor;	/* as worn (vs_armor_of) */
	int nrolls;		/* 1, or 2 against Ignores Armor */
	struct vs_roll roll[2];
	bool saved;
};

/*
 * The dice an attack by `by` rolls: how many (1, 2 for automatic fire
 * at a distance), their sides in *sides; 0 if it cannot make the attack
 * (a distance attack without a distance weapon).
 */
int vs_attack_dice(unsigned *sides, const struct vs_profile *by,
	enum vs_attack kind);
/*
 * Judge an attack by `by` on target (NULL: a building or terrain piece,
 * III), with cover as the players found it (II; a rider is covered);
 * cover counts only for a figure attacked at a distance.  Whether the
 * attack may be made at all (range, facing, touching, a target in
 * flight) is the caller's to say.
 */
int vs_attack_judge(struct vs_attack_roll *out, const struct vs_profile *by,
	const struct vs_profile *target, enum vs_attack kind, bool cover,
	const int *dice, int ndice);

/* The dice of p's armour roll, as vs_attack_dice; 0: p has no armour. */
int vs_armor_dice(unsigned *sides, const struct vs_profile *p,
	bool ignores_armor);
int vs_armor_judge(struct vs_armor_roll *out, const struct vs_profile *p,
	bool ignores_armor, const int *dice, int ndice);

/* A building or terrain piece that is hit: a d6, 3 or more (VS-15). */
int vs_building_judge(struct vs_roll *out, int die);

/* Whether players who disagree find a figure in cover: a d6, 4 to 6 (II). */
int vs_cover_judge(struct vs_roll *out, int die);

/* Skill rolls are a guy's (II): p's die, or 0 if p is not a guy. */
unsigned vs_skill_die(const struct vs_profile *p);
int vs_skill_judge(struct vs_roll *out, const struct vs_profile *p, int die);

/* A figure with Summon calls an ally (V); one with Recruit, having
 * defeated a figure hand to hand, turns it: each a d6, 5 or more. */
int vs_summon_judge(struct vs_roll *out, const struct vs_profile *p,
	int die);
int vs_recruit_judge(struct vs_roll *out, const struct vs_profile *p,
	int die);

/* What one player adds to his initiative d6 (VS-14). */
struct vs_initiative {
	int move;		/* the highest Super-Move bonus, 0 to 3 */
	int from;		/* the first figure with it, or -1 */
	int scenario;		/* as given: Ambush's +1 */
	int total;
};
/* A figure's own Super-Move bonus to initiative: 0, 1, 2 or 3 (VI). */
int vs_initiative_move(const struct vs_profile *p);
/* From the profiles of a player's figures on the table, figs[0..n). */
void vs_initiative_bonus(struct vs_initiative *out,
	const struct vs_profile *const *figs, int n, int scenario);
/*
 * Of the players still rolling (the bits of `in`, player i bit i, i < n
 * <= VS_MAX_PLAYERS), those whose totals are the highest: their bits
 * in *out, their number returned (1: decided; more: they roll again;
 * 0: none was rolling; -1: n out of range).  Also set-up's and solo
 * play's roll-offs (II, X).
 */
int vs_roll_off(unsigned *out, const int *totals, int n, unsigned in);

/* Solo play's activation die for a side of `figures` worth `points` (X). */
struct vs_solo {
	int die;
	int figures;		/* the most figures that may act */
	int points;		/* or, on a 2 or 3, figures worth at most
				   this many; 0: the die gives no such choice */
	bool revive;		/* a 6: a defeated figure returns, if any */
};
int vs_solo_judge(struct vs_solo *out, int die, int figures, int points);
/* Whether a side whose die showed `die`, allowing `most` figures or (a 2
 * or 3) figures worth `most_points`, stays within it with `figures`
 * figures worth `points` activated this round: within at least one
 * bound (VS-78).  No die (0) or 4 to 6: always. */
bool vs_solo_within(int die, int most, int most_points, int figures,
	int points);

/* How far p may move in a turn, in hundredths of an inch (VS-17), if it
 * moves at all: cavalry and vehicles need a rider or driver unless
 * Independent (II, V), which is the caller's to know. */
int vs_move_allowance(const struct vs_profile *p, bool rough);

/* --------------------------------------------------------------- tabletop */

/*
 * VSGMR's questions of the tabletop (geom/table.h): figures on round
 * bases, terrain pieces, lengths in hundredths of an inch.  All pure:
 * nothing is allocated, nothing kept; figures, tables and pieces are
 * the caller's, checked first (umpire_figure_check and the like).
 * Whether a figure may act at all (a flier "still in flight" neither
 * fights nor is fought hand to hand, V) is the caller's to say.
 */

/* What a piece of terrain does; its kind is the sum (VS-20). */
#define VS_BARRIER 1		/* none moves through it but with Flight */
#define VS_COVER 2		/* it blocks lines of sight */
#define VS_ROUGH 4		/* a Half Move Unit while the base is on it */
#define VS_GROUND_KINDS 8

/* The mask of the kinds that do any of `does` (for geom's queries). */
unsigned vs_kinds(unsigned does);

#define VS_TOUCH 1		/* bases this far apart touch (VS-21) */
#define VS_PUSH_MAX 4096	/* the longest straight move back asked */
#define VS_COVER_LINES 7	/* of 13 blocked: in cover (VS-25) */

/* Hand to hand: the target touches `by` or is within its reach (VS-22);
 * a reach beyond UMPIRE_LENGTH_MAX is taken as that. */
bool vs_reaches(const struct umpire_figure *by,
	const struct umpire_figure *target, int32_t reach);
/* Within a Distance Attack Unit of `by` (VS-23). */
bool vs_in_range(const struct umpire_figure *by,
	const struct umpire_figure *target);
bool vs_in_range_of(const struct umpire_figure *by,
	const struct umpire_piece *p);
/* `by` faces the target (VS-24). */
bool vs_faces(const struct umpire_figure *by,
	const struct umpire_figure *target);
bool vs_faces_piece(const struct umpire_figure *by,
	const struct umpire_piece *p);

/*
 * The gap from edge to edge (VS-29) between a and b, or from f's base
 * to p, against len (0..UMPIRE_LENGTH_MAX): -1, 0 or 1; "within len"
 * is <= 0, "at least len away" >= 0, "more than len away" > 0.  And
 * the gap itself, in hundredths rounded as r says (TABLE-4).
 */
int vs_gap_cmp(const struct umpire_figure *a, const struct umpire_figure *b,
	int32_t len);
int vs_piece_gap_cmp(const struct umpire_figure *f,
	const struct umpire_piece *p, int32_t len);
int32_t vs_gap(const struct umpire_figure *a, const struct umpire_figure *b,
	enum umpire_round r);
int32_t vs_piece_gap(const struct umpire_figure *f,
	const struct umpire_piece *p, enum umpire_round r);
/*
 * The first of other[0..n) whose gap from f is less than len, or n:
 * none is (Basic's "at least 2 Move Units away", VS-30).  And the first
 * within len, or n (Ambush's "within 1 Move Unit"; X's "more than one
 * Move Unit away" holds when none is).
 */
size_t vs_first_closer(const struct umpire_figure *f,
	const struct umpire_figure *other, size_t n, int32_t len);
size_t vs_first_within(const struct umpire_figure *f,
	const struct umpire_figure *other, size_t n, int32_t len);

/* Line of sight and cover (VS-25). */
struct vs_sight {
	struct umpire_sight lines;	/* geom's 13 lines, through cover */
	uint32_t figures;		/* bit k: line k meets a foe's base */
	int figure;			/* the first foe met, or -1 */
	bool mounted;			/* a rider or driver on its mount */
	bool seen;			/* some line is clear of both */
	bool cover;			/* 7 of 13 blocked by cover, or mounted */
	/*
	 * With VS_SIGHT_EXACT (games from 0.6.0): lines and figures are
	 * not drawn (all 0), seen is over the whole base, and cover is
	 * half >= 0 or mounted; half is how much the cover hides against
	 * one half (geom's umpire_cover).  Without, half is 0.
	 */
	int half;
};
/* vs_sight's flag: decide exactly (VS-25 from 0.6.0), not by 13 lines. */
#define VS_SIGHT_EXACT 0x100u
/*
 * Judge lines already drawn (through an eye aimed with vs_kinds(VS_COVER)),
 * then the foes' bases in the way: foe[0..n), the attacker's enemies
 * other than the target (VS-25).
 */
void vs_sight_judge(struct vs_sight *out, const struct umpire_sight *lines,
	bool mounted);
void vs_sight_figures(struct vs_sight *out, const struct umpire_figure *by,
	const struct umpire_figure *target, const struct umpire_figure *foe,
	size_t n);
/* Both, drawing the lines from `by` to target through t's cover; flags
 * as umpire_sight's, or VS_SIGHT_EXACT for exact sight and cover. */
void vs_sight(struct vs_sight *out, const struct umpire_table *t,
	const struct umpire_figure *by, const struct umpire_figure *target,
	bool mounted, const struct umpire_figure *foe, size_t n, unsigned flags);

/* A figure's move along waypoints wp[0..n), wp[0] where it stands. */
struct vs_move_ask {
	const struct umpire_table *t;
	const struct vs_profile *p;
	struct umpire_figure me;
	const struct umpire_pt *wp;
	size_t n;
	const struct umpire_figure *ally;	/* its side's, not itself */
	size_t nally;
	const struct umpire_figure *foe;	/* the other sides' */
	size_t nfoe;
	int mount;		/* the ally it boards, ending on it; -1 none */
};

/* Why a move is refused (VS-26, VS-27), or VS_MOVE_OK. */
enum vs_move_verdict {
	VS_MOVE_OK,
	VS_MOVE_FAR,		/* longer than its allowance */
	VS_MOVE_BARRIER,	/* through a barrier: piece */
	VS_MOVE_THROUGH,	/* through a foe's base: figure */
	VS_MOVE_ONTO,		/* ends on a base (figure, ally or foe) or a
				   barrier (piece) */
	VS_MOVE_RETURN,		/* goes on after leaving the table */
};

struct vs_move {
	enum vs_move_verdict verdict;
	int64_t length;		/* TABLE-6 */
	int allowance;		/* vs_move_allowance's */
	int rough;		/* the rough piece it starts on, or -1 */
	bool off;		/* it leaves the table and the game */
	size_t off_at;		/* its first waypoint off the table */
	int piece;		/* in t, or -1 */
	int figure;		/* in ally (ally true) or foe, or -1 */
	bool ally;
};
/* Judge a move: 0, or -1 if the ask is out of bounds (no waypoint, one
 * beyond the plane, the figure off the table). */
int vs_move_judge(struct vs_move *out, const struct vs_move_ask *ask);

/* A figure moved straight back (VS-28): knockback, fear. */
struct vs_push_ask {
	const struct umpire_table *t;
	const struct vs_profile *p;
	struct umpire_figure me;
	struct umpire_pt way;	/* the direction: a whole vector, not zero */
	int32_t length;		/* 0..VS_PUSH_MAX */
	const struct umpire_figure *other;	/* every other figure */
	size_t nother;
};

struct vs_push {
	struct umpire_pt to;	/* where it stops; off: its last point on
				   the table */
	int32_t length;		/* how far along the way, at most asked */
	int32_t cap;		/* the length asked, or its rough allowance */
	bool off;		/* it leaves the table and the game */
	int piece;		/* the barrier that stopped it, or -1 */
	int figure;		/* the figure that stopped it, or -1 */
};
/* Knockback's way: against target's facing, or away from `by` (VS-28). */
struct umpire_pt vs_knockback_way(const struct umpire_figure *target,
	const struct umpire_figure *by);
/* Fear's way, and the figure's facing after: away from `fearsome`. */
struct umpire_pt vs_fear_way(const struct umpire_figure *me,
	const struct umpire_figure *fearsome);
/* The point `length` along `way` from `from`, each part toward zero. */
struct umpire_pt vs_along(struct umpire_pt from, struct umpire_pt way,
	int32_t length);
/* Push: 0, or -1 if the ask is out of bounds (way zero, a length beyond
 * VS_PUSH_MAX, the figure off the table). */
int vs_push_judge(struct vs_push *out, const struct vs_push_ask *ask);

/* -------------------------------------------------------------------- map */

/*
 * The battle map of section IX: spaces named as in chess (geom/grid.h),
 * each of a kind of terrain, figures on them.  The caller fills a
 * struct vs_map and owns every array it points to; nothing here
 * allocates or keeps anything.  Figures are named by their index in
 * the map's list.
 */

/* IX's chart, a row a figure size (VS-31). */
struct vs_scale {
	const char *name;	/* as a scenario writes it: "25mm" */
	const char *title;	/* as printed: "25 or 28 mm" */
	const char *space_title;	/* "1 inch or 1 1/2 inches" */
	int space;		/* hundredths of an inch: the first printed */
	int move;		/* Movement On A Turn: a guy's (VS-32) */
	int short_range, long_range;
};
#define VS_SCALES 7
extern const struct vs_scale vs_scales[VS_SCALES];
/* The row a scenario names ("28mm" is the 25mm row), or NULL. */
const struct vs_scale *vs_scale_find(const char *name);

/* n Half Move Units in spaces, rounded down (VS-32): 1 is a Half Move
 * Unit, 2 a Move Unit, 4 VIII's "2 Move Units". */
int vs_map_units(const struct vs_scale *sc, int halves);
/* The spaces p moves in a turn, in difficult terrain or not (VS-32,
 * VS-33). */
int vs_map_allowance(const struct vs_scale *sc, const struct vs_profile *p,
	bool difficult);

/* VS-34. */
enum vs_terrain {
	VS_MAP_OPEN, VS_MAP_SMALL, VS_MAP_DIFFICULT, VS_MAP_DARKNESS,
	VS_MAP_PARTIAL, VS_MAP_BUILDING, VS_MAP_TERRAINS
};
/* "open", "small", ...; and for reports, "open ground", "a building". */
extern const char *const vs_terrain_names[VS_MAP_TERRAINS];
extern const char *const vs_terrain_titles[VS_MAP_TERRAINS];

#define VS_MAX_SIZE 4		/* a figure takes up to 4 x 4 spaces (VS-37) */

struct vs_map_figure {
	struct umpire_square at;	/* its lowest-file, lowest-rank space */
	int size;		/* it takes size x size spaces: 1 mostly */
	int side;		/* its player: the same side, allies */
	int mount;		/* 1 + the index of the cavalry or vehicle
				   it rides (II), 0 on foot: so a figure
				   zeroed or initialised without it is on
				   foot, never figure 0's rider */
};

struct vs_map {
	struct umpire_grid grid;
	const unsigned char *terrain;	/* enum vs_terrain, a space each,
					   in umpire_grid_index order */
	const struct vs_map_figure *figures;	/* those on the map */
	int nfigures;
};

/* The first figure not where a figure may stand (off the map, on a
 * barrier, on another, a rider off its mount, VS-34, VS-35, VS-37), the
 * reason in why; -1 if none.  That a mount is cavalry or a vehicle with
 * room is the caller's to know. */
int vs_map_misplaced(const struct vs_map *m, char *why, size_t n);

/* King moves between two figures' nearest spaces (VS-37). */
int vs_map_distance(const struct vs_map *m, int a, int b);
/* Whether they may fight hand to hand (VS-38). */
bool vs_map_adjacent(const struct vs_map *m, int a, int b);

/* Where a figure can go this turn: steps by open ground up to its
 * allowance, by any up to the halved one (VS-33), -1 where it cannot. */
#define VS_MAP_MAX_MOVE 42	/* a vehicle with Superior Super-Move at 4.7mm */
#define VS_MAP_WINDOW (2 * VS_MAP_MAX_MOVE + 1)
struct vs_map_reach {
	struct umpire_square from;
	int move;		/* the allowance */
	int slow;		/* the allowance in difficult terrain */
	signed char open[VS_MAP_WINDOW * VS_MAP_WINDOW];
	signed char any[VS_MAP_WINDOW * VS_MAP_WINDOW];
};
void vs_map_reach(struct vs_map_reach *out, const struct vs_map *m, int who,
	const struct vs_scale *sc, const struct vs_profile *p);
/* The fewest steps that bring the figure's lowest space to `to`, or -1. */
int vs_map_reach_steps(const struct vs_map_reach *r, struct umpire_square to);
/*
 * Whether figure who, whose profile is p, may move to `to` (its lowest
 * space) this turn: the steps it takes, or -1 with the reason in why.
 * onto: the figure it boards (II), or -1; that it is a guy boarding
 * cavalry or a vehicle with room is the caller's to know.  Its own
 * riders, and the other riders of the figure it boards, are no obstacle.
 */
int vs_map_move(const struct vs_map *m, int who, const struct vs_scale *sc,
	const struct vs_profile *p, struct umpire_square to, int onto,
	char *why, size_t n);
/* vs_map_move's checks of where the move ends, without its search: 0
 * if figure who may end a move on `to` (boarding onto, or -1), else -1
 * with the reason in why.  vs_map_move(...) >= 0 exactly when this is 0
 * and vs_map_reach_steps of its reach to `to` is >= 0: the bot, which
 * already holds the reach, asks this of every candidate space. */
int vs_map_stand(const struct vs_map *m, int who, struct umpire_square to,
	int onto, char *why, size_t n);
/* Whether it may leave the map this turn (VS-36): the steps it takes,
 * the step off included, or -1 with the reason in why. */
int vs_map_leave(const struct vs_map *m, int who, const struct vs_scale *sc,
	const struct vs_profile *p, char *why, size_t n);

/* Whether who sees target, and through what (VS-39).  from and to are
 * the spaces of the line judged (the first of the best); at is the
 * space that blocks it (!sees) or the first that covers it (covered:
 * a partial obstacle's, else the rider's own); by is the blocking
 * figure (!sees), or the mount a seen rider is covered by, else -1. */
struct vs_map_sight {
	bool sees;
	bool covered;
	struct umpire_square from, to, at;
	int by;
};
void vs_map_sight(struct vs_map_sight *out, const struct vs_map *m, int who,
	int target);

/* How far a distance attack reaches (VS-40). */
enum vs_range { VS_OUT_OF_RANGE, VS_LONG_RANGE, VS_SHORT_RANGE };
enum vs_range vs_map_range(const struct vs_scale *sc, int distance);

/* ------------------------------------------------------------------ round */

/*
 * Who decides what, when, and how the game ends (II, VIII, X), worked
 * out from what the caller says of the table and the dice it drew:
 * nothing here rolls, allocates or keeps anything.  Players are
 * numbered in seat order (VS-41), 0 to n-1, n <= VS_MAX_PLAYERS; a set
 * of players is a mask, player i bit i.  `alive` is always the players
 * with figures that can take turns (VS-42); `destroyed` the players
 * whose every figure is defeated, killed or recruited (VS-45): one
 * whose last figure left the table is neither.
 */

struct umpire_result;

#define VS_ROUNDS 5		/* II: "When 5 rounds are finished" */
#define VS_MAX_ROLL_OFFS 100	/* initiative's ties in a row (VS-77) */
#define VS_MAX_ROUNDS 100	/* umpire's, when a scenario sets no
				   limit (VS-45, VS-52) */

/* A round's steps (II), each player's part of each a decision (VS-41);
 * VS_PHASE_INITIATIVE is the winner's choice of who starts (VS-43). */
enum vs_phase {
	VS_PHASE_INITIATIVE, VS_PHASE_MOVE, VS_PHASE_DISTANCE, VS_PHASE_HAND,
	VS_PHASE_SKILL, VS_PHASES
};
/* The decisions' kinds: "initiative", "move", "distance",
 * "hand-to-hand", "skill". */
extern const char *const vs_phase_names[VS_PHASES];

/* What ends the game as forces fall (VS-45). */
enum vs_end {
	VS_END_FIRST_FALLEN,	/* II: any one player's force destroyed */
	VS_END_LAST_STANDING,	/* a scenario's: one force left */
	VS_END_SCENARIO		/* its own check alone (VS-52, VS-53) */
};

/* Why the round said the game is over. */
enum vs_over {
	VS_NOT_OVER, VS_OVER_ROUNDS, VS_OVER_FALLEN, VS_OVER_LAST,
	VS_OVER_STALLED,	/* a round with nobody to ask, or
				   nobody left to take turns (VS-45) */
	VS_OVER_SCENARIO	/* the scenario's own end (VS-49 to VS-53) */
};

/* Where a game is: what the state keeps between steps. */
struct vs_round {
	int players;		/* n */
	int rounds;		/* the last round; 0: none set, so
				   VS_MAX_ROUNDS (VS-52) */
	enum vs_end end;
	bool solo;		/* X's sequence (VS-54) */
	unsigned bots;		/* players umpire's bot decides for (X) */
	int round;		/* 1, 2, ...; 0 before the first */
	enum vs_phase phase;
	int winner;		/* the initiative's; -1 before the first */
	int first;		/* who starts the round; -1 until chosen */
	int player;		/* whose decision is awaited; -1: none */
	int acts;		/* phase decisions awaited this round */
	enum vs_over over;
};

/* What vs_round_begin and vs_round_next found: a decision awaited
 * (pos->player, pos->phase); the round over, so initiative is rolled
 * (vs_round_rollers) and vs_round_begin called; the game over. */
enum vs_step { VS_DECIDE, VS_ROUND_OVER, VS_GAME_OVER };

/* Before the first round: 0, or -1 if players or rounds are out of range. */
int vs_round_init(struct vs_round *out, int players, int rounds,
	enum vs_end end);
/* Who rolls for initiative before the next round (VS-14, VS-42); in solo
 * play the players at set-up, and nobody after (VS-54). */
unsigned vs_round_rollers(const struct vs_round *pos, unsigned alive);
/*
 * Start the next round, winner having won the initiative (vs_roll_off
 * down to one of vs_round_rollers; in solo play after set-up, ignored).
 * VS_DECIDE in VS_PHASE_INITIATIVE: the winner's choice is awaited
 * (VS-43), then vs_round_choose and vs_round_next.  When the choice is
 * made for him, what vs_round_next returns from it.  -1: the winner has
 * no figures, or pos is not a position.  destroyed and able as
 * vs_round_next's.
 */
int vs_round_begin(struct vs_round *pos, int winner, unsigned alive,
	unsigned destroyed, const unsigned *able);
/* The winner's choice of who starts: a player with figures (VS-43). */
int vs_round_choose(struct vs_round *pos, int first, unsigned alive);
/*
 * Once the awaited decision is resolved (or the choice made): the next
 * one.  able[phase] holds the players with a figure that can act in
 * that phase (VS-44), or able is NULL for every player in every phase.
 * destroyed: the players whose entire force is destroyed (VS-45), never
 * awaited whatever alive says.  Returns an enum vs_step, and -1 if pos
 * is not a position to go on from.  With VS_GAME_OVER, pos->over says
 * why.
 */
int vs_round_next(struct vs_round *pos, unsigned alive, unsigned destroyed,
	const unsigned *able);
/* Solo play: the sides whose activation die (vs_solo_judge) is rolled as
 * the round begins, before its first decision (VS-54); 0 otherwise. */
unsigned vs_round_activation(const struct vs_round *pos, unsigned alive);
/* Whether umpire's bot makes the awaited decision (X: "the side nobody
 * plays"). */
bool vs_round_by_bot(const struct vs_round *pos);

/* The scenarios (VIII), as files name them: "basic", "escape",
 * "transport", "spawning", "ambush", "fortress-assault". */
enum vs_scenario {
	VS_BASIC, VS_ESCAPE, VS_TRANSPORT, VS_SPAWNING, VS_AMBUSH, VS_FORTRESS,
	VS_SCENARIOS
};
extern const char *const vs_scenario_names[VS_SCENARIOS];

/* What decides when no scenario's own winner does: II's points (VS-46)
 * or the Basic Game's survivors (VS-47). */
enum vs_win { VS_WIN_POINTS, VS_WIN_SURVIVORS };

struct vs_ending {
	int rounds;		/* for vs_round_init */
	enum vs_end end;
	enum vs_win win;
	bool sides;		/* players choose sides (VS-48) */
};
/* A scenario's ending as the rulings read it (VS-45 to VS-53); a
 * scenario file may change any of it. */
void vs_ending_of(struct vs_ending *out, enum vs_scenario s);

/*
 * The scores at the end: defeated[i], the points of opponents' figures
 * player i defeated (VS-46; may be NULL for survivors), or 1 for a
 * player with figures left and 0 for one without (VS-47).  side: the
 * players of one side, the rest being the other; 0 in a game without
 * sides.  With sides each player scores his side's (VS-48).  out has n
 * scores.  -1: n out of range, or points without defeated.
 */
int vs_score(long long *out, int n, enum vs_win win, const int *defeated,
	unsigned alive, unsigned side);
/* A scenario's winners: 1 each, 0 the others, so that they share first
 * place and the others the next. */
void vs_score_winners(long long *out, int n, unsigned winners);
/* Into r (umpire_result_end already called; its players in seat order):
 * the scores, and ranks with ties (result.h).  -1 if r has not n. */
int vs_result_rank(struct umpire_result *r, const long long *score, int n);

/* The scenarios' own ends, checked after every step (VIII). */
/* Escape: who has more than half the figures he set up across (VS-49). */
unsigned vs_escape_winners(const int *start, const int *across, int n);

/* A table's sides, seen from a player's own starting side (VS-51). */
enum vs_edge { VS_EDGE_OWN, VS_EDGE_RIGHT, VS_EDGE_OPPOSITE, VS_EDGE_LEFT,
	VS_EDGES };
/* "own", "right", "opposite", "left". */
extern const char *const vs_edge_names[VS_EDGES];

/* Transport: holder, whose figure carries the object (-1: it lies on the
 * ground), wins if it is at the edge at, seen from his side: VS_EDGE_OWN
 * (VS-50).  The winner, or -1. */
int vs_transport_winner(int holder, enum vs_edge at);
/* Ambush: over when every player of one side is destroyed (VS-52);
 * standing holds the players whose forces are not (VS-45). */
bool vs_ambush_end(int n, unsigned ambushers, unsigned standing);
/* Fortress Assault: the successful hits that bring the building down,
 * and whether the game is over after `hits` of them, the winners in
 * *winners (VS-53); standing holds the players whose forces are not
 * destroyed (VS-45): "surviving". */
int vs_fortress_hits(unsigned assaulters);
bool vs_fortress_end(unsigned *winners, int n, unsigned assaulters,
	unsigned standing, int hits);

/* Spawning's die (VIII, VS-51): whether a figure comes, and where. */
struct vs_spawn {
	int die;
	bool place;		/* not on a 6 */
	bool choose;		/* a 5: the player names the side */
	enum vs_edge edge;	/* 1 to 4; VS_EDGES on a 5 or 6 */
};
int vs_spawn_judge(struct vs_spawn *out, int die);
/* Whether the die is rolled before the awaited decision: the movement of
 * a Spawner with figures still to come. */
bool vs_spawn_due(const struct vs_round *pos, unsigned spawners,
	unsigned to_come);

/* ------------------------------------------------------------------- game */

/*
 * A game of VSGMR in memory, as scenario.c reads it from a scenario
 * file (umpire-vsgmr(7); schemas/vsgmr/scenario.yaml).  Everything
 * lives in the arena given to the reader.  Players are in seat order
 * (VS-41); figures in the file's order, a line with a count giving
 * id-1, id-2, ... in turn, player after player.
 */

#define VS_MAX_TERRAIN 500
#define VS_MAX_OBJECTS 16

/* A table's four edges, as a scenario names where a force sets up. */
enum vs_side_of_table { VS_SOUTH, VS_EAST, VS_NORTH, VS_WEST, VS_COMPASS };
extern const char *const vs_compass_names[VS_COMPASS];	/* "south", ... */

/* The sides players take in VIII's team scenarios. */
enum vs_team {
	VS_NO_TEAM,
	VS_INFILTRATOR, VS_SPAWNER,	/* Spawning */
	VS_AMBUSHER, VS_TARGET,		/* Ambush */
	VS_ASSAULTER, VS_DEFENDER,	/* Fortress Assault */
	VS_TEAMS
};
/* "none", "infiltrator", ... */
extern const char *const vs_team_names[VS_TEAMS];

struct vs_player {
	const char *id;		/* the envelope's player id */
	enum vs_side_of_table edge;	/* where his force set up */
	enum vs_team team;
	bool bot;		/* X: the side nobody plays */
	int bot_level;		/* X: its bot's level, 1 or 2 (bot: 2) */
	const char *army;	/* its title, or NULL */
	int points;		/* what his force cost (VS-2) */
	int first, nfigures;	/* his figures, figure[first ..] */
	/* Play (state.c). */
	int score;		/* points of opponents' figures he defeated
				   (VS-46) */
	int roll;		/* his last initiative total (VS-14), 0: none */
	bool inspired;		/* Inspiration used this round (V, VS-68) */
	int spawn;		/* Spawning's die for his awaited movement
				   (VS-51), 0: none */
	int activation;		/* X: this round's activation die, 0: none */
	int most, most_points;	/* X: the die's bounds, from his figures on
				   the surface as it was rolled (VS-78) */
	int active, active_points;	/* X: figures and points activated
				   this round so far (VS-16) */
	bool owed;		/* X: a 6 brings a defeated figure back (VS-54) */
};

enum vs_where {
	VS_WAITING,		/* Spawning: not yet in the game */
	VS_ON,			/* on the table or map */
	VS_DEFEATED,		/* taken off (III), or recruited away */
	VS_OFF,			/* off the playing surface (VS-27, VS-36) */
};

struct vs_figure {
	const char *id;		/* "soldier-3" */
	const char *name;	/* the army's name for its line, or NULL */
	int owner;		/* a player index; changes with Recruit */
	int line;		/* its line among its first owner's */
	struct vs_profile profile;
	int points;		/* its price (VS-2) */
	enum vs_where where;
	/* The tabletop: its base, facing and reach (VS-22). */
	struct umpire_figure at;
	int32_t reach;
	/* The map: its spaces (VS-37). */
	struct umpire_square sq;
	int size;
	int mount;		/* the figure it rides, or -1 */
	const struct umpire_node *node;	/* for diagnostics */
	/* Play: what this round has done to it (state.c), all cleared as a
	 * round begins but flying. */
	bool moved;		/* moved in this round's movement (II: once) */
	bool attacked;		/* made its one attack of the round (II), or
				   summoned instead (VS-69) */
	bool skilled;		/* made its skill roll, or summoned (VS-69) */
	bool fresh;		/* recruited or summoned this round: acts from
				   the next (V) */
	bool flying;		/* Flight: still in flight (V); kept */
	int by;			/* VS_DEFEATED or VS_OFF: the player it
				   scored for (VS-46), or -1 */
	int left;		/* VS_OFF: the edge it left by, an enum
				   vs_side_of_table, or -1 */
};

/* A building or terrain feature (III): a piece on the table (VS-20), or
 * a kind of space on the map (VS-34) over a list of squares. */
struct vs_feature {
	const char *id;
	struct umpire_piece piece;	/* the table: kind is a VS-20 mask */
	int map_kind;		/* the map: an enum vs_terrain */
	struct umpire_square *squares;
	int nsquares;
	int hits;		/* successful hits taken (III, VS-53) */
	bool removed;		/* destroyed (III, VS-72): no longer there */
	const struct umpire_node *node;
};

struct vs_object {
	const char *id;
	int holder;		/* the figure carrying it, or -1 */
	struct umpire_pt at;	/* on the table, when on the ground */
	struct umpire_square sq;	/* on the map, likewise */
};

struct vs_game {
	enum vs_scenario scenario;
	struct vs_ending ending;	/* vs_ending_of, as the file changes it */
	bool on_map;		/* the battle map (IX), else the tabletop */
	struct umpire_table table;	/* its pieces: pieces[i] is feature i's */
	struct umpire_piece *pieces;
	int32_t default_base;	/* a figure's base if it names none */
	struct umpire_grid grid;
	const struct vs_scale *scale;
	unsigned char *ground;	/* the map: an enum vs_terrain per square */
	struct vs_player player[VS_MAX_PLAYERS];
	int nplayers;
	struct vs_figure *figure;
	int nfigures;
	struct vs_feature *feature;
	int nfeatures;
	int building;		/* Fortress Assault's, a feature index, or -1 */
	struct vs_object object[VS_MAX_OBJECTS];
	int nobjects;
	bool solo;		/* some player is the bot's (X) */
	/* Play (state.c): where the game is. */
	struct vs_round pos;
	bool state;		/* read from a state file, not a scenario */
	bool won;		/* a scenario's own end named winners */
	/* Sight and cover by 13 lines, as games older than 0.6.0 ruled
	 * them (VS-25; UMPIRE_VS_EXACT_SIGHT_SINCE); set by the ruleset. */
	bool sampled_sight;
	unsigned winners;	/* they, once won (VS-49, VS-50, VS-53) */
};

/*
 * Read a scenario (schemas/vsgmr/scenario.yaml) into *g, everything in
 * a, and check what the schema cannot: a force for each player and no
 * other, ids unique (VS-56), every figure on the table or map and where
 * it may stand (VS-26, VS-34, VS-57), the sides (VS-48), the points
 * (VS-55), VIII's set-up (VS-30, VS-58, VS-59, VS-61, VS-62).
 * Problems go to d at
 * their nodes.  Returns 0, or -1 with at least one error.
 */
int vs_scenario_read(struct vs_game *g, struct umpire_arena *a,
	const struct umpire_node *root, struct umpire_diags *d);
/* Hundredths of an inch as a file writes inches: 17, 12.5, 12.34. */
const char *vs_len_text(struct umpire_arena *a, int64_t v);

/* ------------------------------------------------------------------ state */

/*
 * The state file (state.c; schemas/vsgmr/state.yaml) is the scenario
 * file written again as the game stands, so one reader serves both:
 * vs_state_read is vs_scenario_read with the set-up's checks (VIII's
 * distances and sides, the points, VS-30, VS-55, VS-58, VS-61, VS-62)
 * left out, since figures have moved and fallen, and these keys
 * allowed besides core's envelope (umpire, ruleset, game, step,
 * awaiting or result, seed):
 *
 *   round: {number: 2, phase: distance, winner: red, first: green}
 *       vs_round as it stands: the round (0 before the first), the
 *       phase (vs_phase_names), the initiative's winner and who
 *       starts (absent before they are known).  The awaited player is
 *       core's awaiting.player, whose kind is the phase.  acts is not
 *       written: round.c asks only whether it is 0, and it is 0 just
 *       while the phase is initiative.  rounds, end and solo come from
 *       the scenario's keys, written again unchanged.
 *   players: {red: {name: ..., score: 4, roll: 5, inspired: true,
 *       spawn: 3, activation: 2, activation-figures: 3,
 *       activation-points: 10, active: 1, active-points: 2,
 *       owed: true}}: struct vs_player's play fields, each written
 *       only when not 0 or false; activation-figures and
 *       activation-points (most, most_points: VS-78) always with
 *       activation, the second only for a 2 or 3, and never without
 *       it; active and active-points within them (vs_solo_within).
 *   forces.P.figures: one entry a figure, as the scenario wrote it
 *       but with no count (its id is the figure's: soldier-3), and
 *       these keys, each only when not the default:
 *         status: waiting | defeated | off   (default on)
 *         owner: P2       recruited (V): whose it is now
 *         moved, attacked, skilled, fresh, flying: true
 *         by: P2          defeated or off: who scored it (VS-46)
 *         left: north     off: the edge it left by
 *       A figure not on the table or map has no at, facing or rides.
 *       Figures on it are clear of each other as at set-up, but for
 *       riders left on foot where their mount fell (VS-71): one
 *       player's figures at one centre, or of one space on one space.
 *   features: hits: 1, removed: true, each when not 0 or false.
 *   objects: held: FIGURE (the scenario's key; a figure on the table
 *       or map), or at when on the ground.
 *
 * vs_state_write writes a game so that vs_state_read reads it back the
 * same, byte for byte when written again.
 */
int vs_state_read(struct vs_game *g, struct umpire_arena *a,
	const struct umpire_node *root, struct umpire_diags *d);
#define VS_DEFAULT_BASE 100	/* 1": a figure's base unless the table says */
/* The files' words for enum vs_end ("first-fallen", ...), enum vs_win
 * ("points", "survivors") and enum vs_where ("waiting", "on",
 * "defeated", "off"). */
extern const char *const vs_end_names[3];
extern const char *const vs_win_names[2];
extern const char *const vs_status_names[4];
/* Append the ruleset's keys of the state to the mapping state (core
 * has written its envelope); everything in a. */
void vs_state_write(struct umpire_arena *a, const struct vs_game *g,
	struct umpire_node *state);
/* A point [x, y] in inches, and a square's name, as files write them. */
struct umpire_node *vs_pt_node(struct umpire_arena *a, struct umpire_pt p);
struct umpire_node *vs_sq_node(struct umpire_arena *a, struct umpire_square s);

/* ----------------------------------------------------------------- orders */

/*
 * Orders (orders.c; schemas/vsgmr/orders.yaml): one player's part of
 * one phase, the decision core's awaiting names ("initiative", "move",
 * "distance", "hand-to-hand", "skill").  Besides the envelope (umpire,
 * ruleset, game, player, step), each kind has its own keys, all
 * optional but initiative's; an empty list is "does nothing" (VS-44):
 *
 *   initiative:   first: P               who starts the round (VS-43)
 *   move:         moves:
 *                   - figure: F
 *                     path: [[x, y], ...]      the table: waypoints of
 *                                              its base's centre after
 *                                              where it stands (VS-26)
 *                     path: [d4, e5, ...]      the map: every space
 *                                              stepped to after its own
 *                                              (VS-35)
 *                     off: north               leaves (VS-27, VS-36):
 *                                              the table's path ends off
 *                                              it; the map's ends on
 *                                              that edge, and the step
 *                                              off is one more
 *                     facing: [dx, dy]         the table: after the move;
 *                                              else it keeps its facing
 *                     board: M                 ends on its mount (VS-35)
 *                     flying: true | false     Flight, at the end (V)
 *                     pick: [OBJECT, ...]      items picked up (III)
 *                 spawn: {figure: F, at: PLACE, facing: [dx, dy],
 *                         edge: right}          Spawning (VS-51)
 *   distance,
 *   hand-to-hand: attacks:
 *                   - figure: F
 *                     target: T                a figure, or a building
 *                                              or terrain feature
 *                     then: [T2, T3]           Area Effect (distance,
 *                                              two at most), Double
 *                                              Strike (hand to hand, one)
 *                     reroll: true             Inspiration (VS-68)
 *                 summons:
 *                   - {figure: F, ally: A, at: PLACE}   (VS-69)
 *                 reroll-armor: true           Inspiration (VS-68)
 *   skill:        skills: [{figure: F, task: "text"}]
 *                 summons: as above
 *                 return: {figure: F, at: PLACE}   X's 6 (VS-54)
 *
 * PLACE is [x, y] on the table, a square on the map.  Each figure is
 * named at most once in a phase's orders (II: "moved once", "a single
 * ... attack per round").
 */

/* A table's waypoints or a map's spaces, as the order gives them. */
#define VS_MAX_PATH 64
#define VS_MAX_THEN 2		/* V: "a third and final attack" */

enum vs_target_kind { VS_AT_FIGURE, VS_AT_FEATURE };
struct vs_target {
	enum vs_target_kind kind;
	int index;		/* into figure or feature */
	const struct umpire_node *node;
};

struct vs_move_order {
	int figure;
	struct umpire_pt *path;		/* the table */
	struct umpire_square *steps;	/* the map */
	int npath;			/* waypoints or steps */
	int off;		/* an enum vs_side_of_table, or -1 */
	bool has_facing;
	struct umpire_pt facing;
	int board;		/* the mount it ends on, or -1 */
	int flying;		/* Flight: 1 in flight, 0 landed, -1 as it was */
	int pick[VS_MAX_OBJECTS];
	int npick;
	const struct umpire_node *node;
};

struct vs_place {
	struct umpire_pt at;		/* the table */
	struct umpire_square sq;	/* the map */
	const struct umpire_node *node;
};

struct vs_attack_order {
	int figure;
	struct vs_target target;
	struct vs_target then[VS_MAX_THEN];
	int nthen;
	bool reroll;
	const struct umpire_node *node;
};

struct vs_summon_order {
	int figure, ally;
	struct vs_place place;
	const struct umpire_node *node;
};

struct vs_skill_order {
	int figure;
	const char *task;	/* the scenario's or player's words, or NULL */
	const struct umpire_node *node;
};

struct vs_orders {
	enum vs_phase phase;
	int player;
	int first;		/* initiative: who starts */
	struct vs_move_order *moves;
	int nmoves;
	bool has_spawn;
	int spawn_figure;
	struct vs_place spawn_place;
	bool spawn_has_facing;
	struct umpire_pt spawn_facing;
	int spawn_edge;		/* a 5 (VS-51): an enum vs_edge, or -1 */
	struct vs_attack_order *attacks;
	int nattacks;
	struct vs_summon_order *summons;
	int nsummons;
	bool reroll_armor;
	struct vs_skill_order *skills;
	int nskills;
	bool has_return;
	int return_figure;
	struct vs_place return_place;
};

/*
 * Read orders (past their schema) for player's decision in phase into
 * out, everything in a, and check them against g as it stands: every
 * name a figure, feature or object of the game, each figure at most
 * once, the figure the player's, able to do what is asked (on the
 * table, not fresh, not yet moved or attacked this round, a distance
 * weapon for a distance attack, a guy on foot for a skill roll, Summon
 * for a summons, ...), and moves legal one after another (movement
 * draws no dice, so check plays each move on a copy before judging the
 * next: space.c's vs_move_judge, map.c's vs_map_move).  Attacks are
 * judged against the phase as it starts (range, facing, sight or
 * touch); resolve judges each again in its turn (VS-65).  Every problem
 * goes to d at its node; returns how many.  partial: the orders failed
 * their schema, so check only the parts with the right types.
 */
size_t vs_orders_read(struct vs_orders *out, struct umpire_arena *a,
	const struct vs_game *g, int player, enum vs_phase phase,
	const struct umpire_node *orders, bool partial,
	struct umpire_diags *d);

/* ---------------------------------------------------------------- resolve */

/*
 * The resolution (resolve.c): checked orders carried out with dice, the
 * game changed, every die and measurement that decided something told;
 * then the next decision worked out, rolling what comes before it
 * (initiative, solo play's activation, Spawning's die).  Dice come from
 * a roller: core's seeded dice in a game, a script in the tests.
 * Nothing here reads a file.
 */
struct vs_roller {
	/* A die of `sides` faces, 1..sides; purpose names it in the
	 * report's table of rolls. */
	int (*roll)(void *arg, unsigned sides, const char *purpose);
	void *arg;
};

/* What a step told, for the report (Markdown lines) and its picture. */
struct vs_told {
	struct umpire_buf *out;
	struct umpire_arena *a;		/* the job's */
	struct umpire_marks *marks;	/* the step's, for its picture; may be
					   NULL */
};

/*
 * Carry out player's checked orders for the awaited decision (g->pos),
 * then work out the next decision (vs_advance).  Returns 0, or -1 if
 * the orders are not for the awaited decision.
 */
int vs_resolve(struct vs_game *g, const struct vs_orders *o,
	const struct vs_roller *dice, struct vs_told *tell);
/*
 * From where g->pos stands (a decision just resolved, or a new game
 * before its first round): the next decision, beginning rounds as
 * needed, or the end of the game.  Returns an enum vs_step: VS_DECIDE
 * (g->pos.player awaited) or VS_GAME_OVER (g->pos.over says why).
 */
int vs_advance(struct vs_game *g, const struct vs_roller *dice,
	struct vs_told *tell);
/* At the end: each player's score as VS-46 to VS-53 decide (winners
 * 1, others 0 when a scenario named winners), in out[0..nplayers). */
void vs_final_scores(const struct vs_game *g, long long *out);
/* The same, the points each destroyed (VS-46, VS-48) even when a
 * scenario named winners (UMPIRE_SCENARIO_SCORES_SINCE). */
void vs_final_points(const struct vs_game *g, long long *out);
/* The players who take turns (VS-42) and whose forces are destroyed
 * (VS-45), as round.c wants them. */
unsigned vs_alive(const struct vs_game *g);
unsigned vs_destroyed(const struct vs_game *g);
/* Whether a and b are enemies: other players, or other sides (VS-48). */
bool vs_foes(const struct vs_game *g, int a, int b);
/* Whether figure i can move at all (II, VS-75): a guy, a mount with a
 * rider aboard, or Independent. */
bool vs_can_move(const struct vs_game *g, int i);
/* Whether figure x may attack tg now as resolve judges it (VS-65):
 * NULL, with *cover as sight found it, or why not.  Scratch in a. */
const char *vs_can_attack(const struct vs_game *g, struct umpire_arena *a,
	int x, const struct vs_target *tg, enum vs_attack kind, bool *cover);

/* -------------------------------------------------------------------- bot */

struct umpire_ctx;
struct umpire_rng;
/* A copy of g, everything a step changes copied, in a. */
struct vs_game *vs_game_copy(struct umpire_arena *a, const struct vs_game *g);
/* Random legal orders for the awaited decision (bot.c): the ruleset's
 * bot hook. */
void vs_bot(struct umpire_ctx *ctx, const void *game, struct umpire_rng *rng,
	struct umpire_node *orders);

/* ------------------------------------------------------------------ board */

/* The game as text (board.c), lines ending in '\n': the ruleset's
 * board hook. */
void vs_board(struct umpire_buf *out, const void *game);
/* Player p's mark on the map: his id's first letter, upper case, or his
 * seat's digit when another id begins alike. */
char vs_mark(const struct vs_game *g, int p);
/* The game as a picture (picture.c): the ruleset's picture hook. */
void vs_picture(struct umpire_svg *s, const void *game,
	const struct umpire_marks *marks, const char *viewer);

/*
 * Whether the awaited decision is empty, from public information alone
 * (ruleset.h, the empty hook); if so, its orders and why.
 */
long long vs_evaluate(const void *game, const char *player,
	const char *ruling);
/* The solo bot's level 2 (X, bot: 2): the best of the bot's orders
 * for the awaited decision, drawn from salt, into *out. */
void vs_bot_level(struct umpire_ctx *ctx, const struct vs_game *g,
	const char *salt, struct umpire_node **out);
bool vs_empty(struct umpire_ctx *ctx, const void *game,
	struct umpire_node *orders, struct umpire_buf *why);

/* stand.c: standing orders (ruleset.h, stands and bot_standing). */
size_t vs_stands(struct umpire_ctx *ctx, const void *game, const char *kind,
	const struct umpire_node *body);
void vs_bot_standing(struct umpire_ctx *ctx, const void *game,
	struct umpire_rng *rng, struct umpire_node *orders);

#endif
