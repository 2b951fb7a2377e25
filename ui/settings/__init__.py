"""Settings: the choices kept on this device (model), their screen and their taps."""

from ui.settings import model as model
