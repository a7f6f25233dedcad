"""Drop-in stand-ins for other evaluators' APIs, on handrank's kernel."""
