"""The scene stack, tested with stand-in scenes that count their hook calls."""

from collections import Counter

from scenes.core.stack import Scene, SceneStack


class Counting(Scene):
    """A stand-in scene that records every hook call."""

    def __init__(self, name, log, uses_events=True, opaque=True):
        super().__init__()
        self.name, self.log, self.uses_events, self.opaque = name, log, uses_events, opaque
        self.calls = Counter()

    def _hit(self, hook):
        self.calls[hook] += 1
        self.log.append((self.name, hook))

    def enter(self):
        self._hit("enter")

    def exit(self):
        self._hit("exit")

    def pause(self):
        self._hit("pause")

    def resume(self):
        self._hit("resume")

    def handle_event(self, event):
        self._hit("handle_event")
        return None if self.uses_events else event

    def update(self, dt):
        self._hit("update")

    def draw(self, surface):
        self._hit("draw")


def test_pushing_a_scene_enters_it_and_pauses_the_one_below():
    log = []
    stack = SceneStack()
    a, b = Counting("a", log), Counting("b", log)
    stack.push(a)
    stack.push(b)
    assert log == [("a", "enter"), ("a", "pause"), ("b", "enter")]
    assert stack.top is b and a.stack is stack and b.stack is stack


def test_popping_exits_the_top_and_resumes_the_one_below():
    log = []
    stack = SceneStack()
    a, b = Counting("a", log), Counting("b", log)
    stack.push(a)
    stack.push(b)
    log.clear()
    assert stack.pop() is b
    assert log == [("b", "exit"), ("a", "resume")]
    assert b.stack is None and stack.top is a


def test_replacing_exits_the_top_without_resuming_the_one_below():
    log = []
    stack = SceneStack()
    a, b, c = Counting("a", log), Counting("b", log), Counting("c", log)
    stack.push(a)
    stack.push(b)
    log.clear()
    stack.replace(c)
    assert log == [("b", "exit"), ("c", "enter")]
    assert stack.scenes == [a, c]


def test_reset_exits_every_scene_top_first():
    log = []
    stack = SceneStack()
    a, b, c = Counting("a", log), Counting("b", log), Counting("c", log)
    stack.push(a)
    stack.push(b)
    log.clear()
    stack.reset(c)
    assert log == [("b", "exit"), ("a", "exit"), ("c", "enter")]
    assert stack.scenes == [c]


def test_only_the_top_scene_gets_updates():
    log = []
    stack = SceneStack()
    a, b = Counting("a", log), Counting("b", log)
    stack.push(a)
    stack.push(b)
    stack.update(0.016)
    assert b.calls["update"] == 1 and a.calls["update"] == 0


def test_an_event_the_top_scene_uses_goes_no_further():
    log = []
    stack = SceneStack()
    a, b = Counting("a", log), Counting("b", log)
    stack.push(a)
    stack.push(b)
    assert stack.handle_event("click") is None
    assert b.calls["handle_event"] == 1 and a.calls["handle_event"] == 0


def test_an_event_the_top_scene_does_not_use_is_handed_down():
    log = []
    stack = SceneStack()
    a, b = Counting("a", log), Counting("b", log, uses_events=False)
    stack.push(a)
    stack.push(b)
    assert stack.handle_event("click") is None
    assert b.calls["handle_event"] == 1 and a.calls["handle_event"] == 1


def test_an_event_nobody_uses_comes_back():
    stack = SceneStack()
    stack.push(Counting("a", [], uses_events=False))
    assert stack.handle_event("key") == "key"


def test_drawing_starts_at_the_highest_opaque_scene():
    log = []
    stack = SceneStack()
    a, b, c = Counting("a", log), Counting("b", log), Counting("c", log, opaque=False)
    for scene in (a, b, c):
        stack.push(scene)
    log.clear()
    stack.draw(None)
    assert log == [("b", "draw"), ("c", "draw")]


def test_an_empty_stack_does_nothing():
    stack = SceneStack()
    assert stack.pop() is None and stack.top is None
    stack.update(0.1)
    stack.draw(None)
    assert stack.handle_event("x") == "x"


def test_a_key_held_while_the_scene_changes_never_reaches_the_new_scene():
    """Holding Enter on a menu must not also press Enter on the next screen (key repeat)."""
    import pygame

    from scenes.core.stack import Scene, SceneStack

    class Menu(Scene):
        def handle_event(self, event):
            if event.type == pygame.KEYDOWN and event.key == pygame.K_RETURN:
                self.stack.push(Next())
                return None
            return event

    class Next(Scene):
        def __init__(self):
            super().__init__()
            self.keys = []

        def handle_event(self, event):
            self.keys.append((event.type, event.key))
            return None

    stack = SceneStack()
    stack.push(Menu())
    down = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN)
    up = pygame.event.Event(pygame.KEYUP, key=pygame.K_RETURN)
    stack.handle_event(down)
    nxt = stack.top
    stack.handle_event(down)  # a repeat of the held key
    stack.handle_event(up)  # its release
    assert nxt.keys == []
    stack.handle_event(down)  # a new press reaches the new scene
    assert nxt.keys == [(pygame.KEYDOWN, pygame.K_RETURN)]


class Leaving(Counting):
    """A scene that asks for other screens from its own code, then goes on and looks at the stack."""

    def __init__(self, name, log, changes):
        super().__init__(name, log)
        self.changes, self.seen = changes, []

    def handle_event(self, event):
        for change in self.changes:
            change(self.stack)
            self.seen.append(self.stack.top.name)  # (still this scene: the change waits)
        return None

    def update(self, dt):
        self.handle_event(None)


def test_a_screen_change_asked_by_a_scene_waits_until_it_returns_then_all_apply_in_order():
    log = []
    stack = SceneStack()
    base, b, c = Counting("base", log), Counting("b", log), Counting("c", log)
    stack.push(base)
    scene = stack.push(Leaving("a", log, [lambda s: s.push(b), lambda s: s.replace(c)]))
    log.clear()
    assert stack.handle_event("a key") is None
    assert scene.seen == ["a", "a"] and stack.changing is False
    assert log == [("a", "pause"), ("b", "enter"), ("b", "exit"), ("c", "enter")]
    assert [s.name for s in stack.scenes] == ["base", "a", "c"]


def test_a_scene_that_pops_itself_in_its_update_finishes_its_update_on_the_stack():
    log = []
    stack = SceneStack()
    base = stack.push(Counting("base", log))
    scene = stack.push(Leaving("a", log, [lambda s: s.pop()]))
    stack.update(0.1)
    assert scene.seen == ["a"] and scene.stack is None and stack.top is base and base.calls["resume"] == 1


def test_outside_a_scenes_code_a_change_is_made_at_once():
    stack = SceneStack()
    a = stack.push(Counting("a", []))
    assert stack.top is a and stack.changing is False
    assert stack.pop() is a and stack.top is None


def test_on_a_larger_screen_a_menu_draws_and_is_pointed_at_in_its_centred_region_the_race_on_all_of_it():
    import pygame

    from scenes.core import theme

    seen = []

    class Seeing(Counting):
        def handle_event(self, event):
            seen.append((self.name, event.pos))
            return super().handle_event(event)

        def draw(self, surface):
            seen.append((self.name, surface.get_size(), surface.get_abs_offset()))

    theme.use_screen_size((1920, 1080))  # (the conftest gives the design size back)
    stack, log = SceneStack(), []
    race = stack.push(Seeing("race", log))
    race.whole_screen = True
    stack.push(Seeing("pause", log, uses_events=False, opaque=False))
    stack.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(330, 190), button=1))
    assert seen == [("pause", (10, 10)), ("race", (330, 190))]
    seen.clear()
    stack.draw(pygame.Surface((1920, 1080)))
    assert seen == [("race", (1920, 1080), (0, 0)), ("pause", theme.SIZE, (320, 180))]
