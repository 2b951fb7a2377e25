"""The score pad on a phone (360×740): the worked examples of sources 000 and 004 entered and read back line
by line, a four-round pad kept through reloads in the middle of an entry, bad input refused, no sideways
scroll, and no axe-core violations; a three-player round, each on their own, read back player by player."""

from __future__ import annotations

import json
from collections.abc import Callable

from pages import Table
from playwright.sync_api import Locator, Page
from test_accessibility import audited, violations

CHANGE_AND_RELOAD = """([key, value]) => {
  const el = document.querySelector(`#app [data-pad="${key}"]`);
  el.value = value;
  el.dispatchEvent(new Event("change", { bubbles: true }));
  location.reload();
}"""


class ScorePad:
    """The score pad as a player at a real card table uses it."""

    def __init__(self, page: Page, base_url: str) -> None:
        self.page = page
        self.table = Table(page, base_url)

    def open(self) -> ScorePad:
        self.table.open()
        return self.go()

    def go(self) -> ScorePad:
        self.table.menu("Score pad")
        return self

    def tap(self, name: str) -> ScorePad:
        self.page.get_by_role("button", name=name, exact=True).first.click()
        return self

    def new_pad(self) -> ScorePad:
        return self.tap("New score pad")

    def entry(self) -> Locator:
        return self.page.locator(".entry")

    def side(self, name: str) -> ScorePad:
        self.page.get_by_role("group", name="Side to enter").get_by_role("button", name=name).click()
        return self

    def type(self, label: str, value: str | int, where: Locator | None = None) -> ScorePad:
        """Type a number into a field (the phone's number pad), then move on with Tab, as a player does."""
        field = (where or self.page.locator("#app")).get_by_label(label, exact=True)
        field.fill(str(value))
        field.press("Tab")
        return self

    def player(self, name: str) -> Locator:
        return self.page.locator("fieldset.player", has=self.page.locator("legend", has_text=name))

    def left(self, name: str, stage: str, held: int, foot: int | None = None) -> ScorePad:
        """What a player was left with: the set played from, its points, and a foot never picked up."""
        self.player(name).get_by_label("Playing from").select_option(stage)
        self.type("Points held", held, self.player(name))
        if foot is not None:
            self.type("Foot never picked up", foot, self.player(name))
        return self

    def went_out(self, who: str) -> ScorePad:
        self.page.get_by_label("Went out").select_option(label=who)
        return self

    def lines(self, caption: str) -> list[tuple[str, str]]:
        """The itemized lines of one side's round, as (label, points)."""
        rows = self.page.locator("table.pad-lines", has=self.page.locator("caption", has_text=caption))
        return [
            (row.locator("th").inner_text(), row.locator("td").inner_text()) for row in rows.locator("tr").all()
        ]

    def value(self, label: str, where: Locator | None = None) -> str:
        return (where or self.page.locator("#app")).get_by_label(label, exact=True).input_value()

    def message(self) -> str:
        return self.page.locator(".note.error").inner_text()


def enter_source_000(pad: ScorePad) -> None:
    """000's worked example: South goes out with a clean and a dirty book; the other side is caught."""
    pad.went_out("South (Us)")
    pad.tap("Clean books: one more").tap("Dirty books: one more").tap("Red 3s: one more")
    pad.type("Melded card points", 205)
    pad.left("North", "foot", 25)
    pad.side("Them")
    pad.type("Dirty books", 1).type("Melded card points", 140)
    pad.left("West", "foot", 55).left("East", "hand", 40, foot=95)


def test_source_000_worked_example_reads_1180_and_250_line_by_line(page: Page, base_url: str) -> None:
    pad = ScorePad(page, base_url).open().new_pad()
    enter_source_000(pad)
    assert pad.lines("Us, round 1") == [
        ("1 clean book", "+500"), ("1 dirty book", "+300"), ("Melded cards", "+205"), ("1 red 3", "+100"),
        ("Going out", "+100"), ("North's foot", "-25"), ("Round total", "1,180"),
    ]
    assert pad.lines("Them, round 1") == [
        ("1 dirty book", "+300"), ("Melded cards", "+140"), ("West's foot", "-55"), ("East's hand", "-40"),
        ("East's foot (never picked up)", "-95"), ("Round total", "250"),
    ]
    assert "Next, round 2: first meld Us 90, Them 90." in page.locator(".pad-next").inner_text()
    assert not pad.table.scrolls_sideways()


def test_source_004_worked_example_reads_12245_with_the_cards_counted(page: Page, base_url: str) -> None:
    pad = ScorePad(page, base_url).open().new_pad()
    pad.tap("Names and rules")
    page.get_by_label("Rule set").select_option(label="Hand, Knee and Foot")
    for label in ("Books of 7s", "Books of 5s", "Wild books", "Clean books", "Dirty books"):
        pad.tap(f"{label}: one more")
    pad.type("Red 3s", 3)
    pad.tap("Count the cards instead")
    # 7s (35), 5s (35), two jokers and five 2s (200), kings (70), five queens with a 2 and a joker (120).
    pad.type("Jokers (50 each)", 3).type("2s (20 each)", 6).type("4–7 (5 each)", 14).type("8–K (10 each)", 12)
    assert page.locator(".melded-total").inner_text() == "460 points"
    pad.went_out("North (Us)")
    pad.left("South", "foot", 15)
    assert pad.lines("Us, round 1") == [
        ("1 book of 7s", "+5,000"), ("1 book of 5s", "+3,000"), ("1 wild book", "+2,500"),
        ("1 clean book", "+500"), ("1 dirty book", "+300"), ("Melded cards", "+460"), ("3 red 3s", "+300"),
        ("Going out", "+200"), ("South's foot", "-15"), ("Round total", "12,245"),
    ]
    assert not pad.table.scrolls_sideways()


def test_a_four_round_pad_survives_reloads_in_the_middle_of_an_entry(page: Page, base_url: str) -> None:
    pad = ScorePad(page, base_url).open().new_pad()
    pad.tap("Names and rules")
    pad.type("Name of the pad", "Sunday at Gran's")
    enter_source_000(pad)
    for rnd, melded in ((2, 90), (3, 120), (4, 150)):
        pad.tap("+ Round")
        pad.type("Melded card points", melded)
        # Half-way through the other side's entry: the change and the reload in one task.
        pad.side("Them")
        page.evaluate(CHANGE_AND_RELOAD, ["melded", str(melded + 5)])
        pad.table.wait_until_ready()
        # Back at the pad, at the round and the side being entered (the page went away there).
        assert page.get_by_role("button", name=f"Round {rnd}", exact=True).get_attribute("aria-pressed") == "true"
        assert pad.value("Melded card points") == str(melded + 5)
        pad.side("Us")
        assert pad.value("Melded card points") == str(melded)
        pad.side("Them")
    totals = page.locator("table.rounds tfoot").inner_text()
    assert "1,540" in totals and "625" in totals  # 1,180 + 90 + 120 + 150; 250 + 95 + 125 + 155
    assert page.locator(".pad-verdict").inner_text() == "Game over: Us win, 1,540 to 625."
    assert page.get_by_role("button", name="+ Round").count() == 0
    pad.table.wait_until_idle()
    pad.table.reload()  # from IndexedDB as well: the list shows the finished pad
    pad.tap("All pads")  # (the page comes back at the pad it went away at)
    assert "Sunday at Gran's" in page.locator(".pads").inner_text()
    assert "Us 1,540, Them 625 · finished" in page.locator(".pads").inner_text()


def test_a_number_typed_and_not_yet_moved_on_from_is_kept_when_the_page_goes(page: Page, base_url: str) -> None:
    """A phone's browser drops a page kept in the background: it comes back at the score pad, the round being
    entered, with the number typed last (no Tab, no change event) entered."""
    pad = ScorePad(page, base_url).open().new_pad()
    pad.type("Melded card points", 205)
    pad.tap("+ Round")
    pad.tap("Round 1")
    field = page.locator("#app").get_by_label("Melded card points", exact=True)
    field.fill("405")  # typed; the player hasn't moved on
    pad.table.reload()
    assert page.get_by_role("button", name="Round 1", exact=True).get_attribute("aria-pressed") == "true"
    assert pad.value("Melded card points") == "405"
    pad.tap("All pads")
    pad.table.reload()  # left from the list: the page comes back as it always did
    assert page.locator("section.pad").count() == 0 and page.get_by_role("button", name="Draw").count() == 1


def test_tapping_a_field_and_typing_replaces_its_number_and_one_tap_moves_to_the_next(
    page: Page, base_url: str
) -> None:
    """A player taps a field showing 0 and types 345, then taps the next field and types there (no Tab):
    345 is entered, not 3450, the next field takes the first tap, and a field holding 40 typed over with 5
    holds 5, not 540 (QA in WebKit and Firefox)."""
    pad = ScorePad(page, base_url).open().new_pad()
    melded = page.locator("#app").get_by_label("Melded card points", exact=True)
    red = page.locator("#app").get_by_label("Red 3s", exact=True)
    assert melded.input_value() == "0"
    melded.tap()
    page.keyboard.type("345")
    red.tap()  # straight on: the pad redraws its totals as it takes 345
    assert page.evaluate("document.activeElement.dataset.pad") == red.get_attribute("data-pad")
    page.keyboard.type("2")
    melded.tap()
    assert pad.value("Melded card points") == "345" and pad.value("Red 3s") == "2"
    page.keyboard.type("40")
    red.tap()
    melded.tap()
    page.keyboard.type("5")
    red.tap()
    assert pad.value("Melded card points") == "5" and pad.value("Red 3s") == "2"
    assert dict(pad.lines("Us"))["Melded cards"] == "+5", pad.lines("Us")


def test_bad_input_says_why_and_changes_nothing(page: Page, base_url: str) -> None:
    pad = ScorePad(page, base_url).open().new_pad()
    pad.type("Melded card points", 205)
    for typed, message in (
        ("abc", "Melded card points: type a whole number, digits only."),
        ("xyz", "Melded card points: type a whole number, digits only."),  # the same note: the page unchanged
        ("12.5", "Melded card points: type a whole number, digits only."),
        ("-40", "Melded card points: a count can't be negative."),
        ("123456789", "Melded card points: at most 20,000."),
    ):
        pad.type("Melded card points", typed)
        assert pad.message().startswith(message)
        assert pad.value("Melded card points") == "205"
    pad.tap("Red 3s: one fewer")
    assert pad.message().startswith("Red 3s: a count can't be negative.")
    assert pad.value("Red 3s") == "0"


def test_a_hostile_stored_pad_is_listed_with_why_and_can_be_deleted(page: Page, base_url: str) -> None:
    pad = ScorePad(page, base_url).open()
    records = {
        "handfoot-pad-1": "[" * 5000 + "]" * 5000,
        "handfoot-pad-2": json.dumps({"v": 1, "id": "2", "name": "<img src=x onerror=alert(1)>"}),
    }
    page.evaluate("(items) => { for (const [k, v] of Object.entries(items)) localStorage.setItem(k, v); }", records)
    pad.table.reload()
    pad.go()
    listed = page.locator(".pads li")
    assert listed.count() == 2
    assert "nested far deeper" in listed.nth(0).inner_text()
    assert "missing or unknown fields" in listed.nth(1).inner_text()
    assert page.locator(".pads img").count() == 0
    listed.nth(0).get_by_role("button", name="Delete").click()
    pad.tap("Yes, delete it")
    assert page.locator(".pads li").count() == 1
    assert page.evaluate("localStorage.getItem('handfoot-pad-1')") is None


def test_deleting_a_pad_asks_first(page: Page, base_url: str) -> None:
    pad = ScorePad(page, base_url).open().new_pad()
    pad.type("Melded card points", 50)
    pad.tap("All pads")
    assert page.locator(".pads li").count() == 1
    pad.tap("Delete")
    assert page.get_by_text("Delete this score pad for good?").is_visible()
    pad.tap("Keep it")
    assert page.locator(".pads li").count() == 1
    pad.tap("Delete").tap("Yes, delete it")
    pad.table.wait_until_idle()
    pad.table.reload()
    pad.go()
    assert page.locator(".pads li").count() == 0


def test_one_sides_entry_fits_the_phone_without_scrolling(page: Page, base_url: str) -> None:
    pad = ScorePad(page, base_url).open().new_pad()
    pad.left("South", "hand", 10).left("North", "hand", 10)  # the longest classic entry: both in the hand
    bottom = page.locator(".entry").evaluate("el => el.getBoundingClientRect().bottom")
    assert bottom <= 740, f"the entry ends at {bottom}px"
    assert not pad.table.scrolls_sideways()
    assert pad.table.small_controls() == []
    for field in page.locator(".entry input").all():
        assert field.get_attribute("inputmode") == "numeric"


def enter_three_player_round(pad: ScorePad) -> None:
    """Three players each on their own: South goes out; West is caught in the foot, East in the hand."""
    pad.went_out("South")
    pad.tap("Clean books: one more").tap("Dirty books: one more").tap("Red 3s: one more")
    pad.type("Melded card points", 205)
    pad.side("West")
    pad.type("Dirty books", 1).type("Melded card points", 140).left("West", "foot", 55)
    pad.side("East")
    pad.type("Melded card points", 60).left("East", "hand", 40, foot=95)


def test_a_three_player_round_reads_each_players_lines_and_totals(page: Page, base_url: str) -> None:
    pad = ScorePad(page, base_url).open()
    page.get_by_label("Players", exact=True).select_option("3")
    pad.new_pad()
    sides = page.get_by_role("group", name="Side to enter").get_by_role("button")
    assert [b.inner_text().split()[0] for b in sides.all()] == ["South", "West", "East"]
    enter_three_player_round(pad)
    assert pad.lines("South, round 1") == [
        ("1 clean book", "+500"), ("1 dirty book", "+300"), ("Melded cards", "+205"), ("1 red 3", "+100"),
        ("Going out", "+100"), ("Round total", "1,205"),
    ]
    assert pad.lines("West, round 1") == [
        ("1 dirty book", "+300"), ("Melded cards", "+140"), ("West's foot", "-55"), ("Round total", "385"),
    ]
    assert pad.lines("East, round 1") == [
        ("Melded cards", "+60"), ("East's hand", "-40"), ("East's foot (never picked up)", "-95"),
        ("Round total", "-75"),
    ]
    assert page.locator("table.rounds thead").inner_text().split() == ["Round", "South", "West", "East"]
    assert page.locator("table.rounds tfoot").inner_text().split() == ["Total", "1,205", "385", "-75"]
    assert "Next, round 2: first meld South 90, West 90, East 90." in page.locator(".pad-next").inner_text()
    assert not pad.table.scrolls_sideways()
    assert pad.table.small_controls() == []
    pad.table.wait_until_idle()
    pad.table.reload()  # kept: the list reads every player's total
    pad.tap("All pads")  # (the page comes back at the pad it went away at)
    assert "South 1,205, West 385, East -75 · round 1" in page.locator(".pads").inner_text()


def test_no_accessibility_violations_on_the_pad(new_page: Callable[..., Page], base_url: str) -> None:
    page = audited(new_page)
    pad = ScorePad(page, base_url).open()
    assert violations(page) == [], "the list of pads"
    pad.new_pad()
    enter_source_000(pad)
    assert violations(page) == [], "a pad with a round entered"
    pad.tap("Count the cards instead").tap("Names and rules")
    assert violations(page) == [], "counting cards, names and rules"
    pad.tap("All pads").tap("Delete")
    assert violations(page) == [], "asking before a delete"
    pad.tap("Keep it")
    page.get_by_label("Players", exact=True).select_option("3")
    pad.new_pad()
    enter_three_player_round(pad)
    assert violations(page) == [], "a three-player pad with a round entered"
    pad.tap("Names and rules")
    assert violations(page) == [], "a three-player pad's names and rules"
