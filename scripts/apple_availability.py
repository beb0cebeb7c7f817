def scan(checker, compiled):
    return []
